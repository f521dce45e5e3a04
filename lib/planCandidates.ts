// The plan phase of a run: each planner over its candidates, given its transform's own option values.
import type { TextEdit } from './edits.js';
import type { DiscoveryResult } from './files.js';
import { optionValuesOf } from './optionValues.js';
import type { Parsed } from './parseProject.js';
import type { RunOptions } from './runOptions.js';
import type { TransformPlan } from './transform.js';

/** Every planner's plan over its candidates, merged (sites in planner order, edits per file). */
export function planCandidates(parsed: Parsed, discovery: DiscoveryResult, options: RunOptions): TransformPlan {
  const { project } = parsed;
  const progress = options.onProgress;
  if (progress) {
    // Loading in the same order the planners do (they reuse loaded files) only makes the parse phase visible.
    const candidates = [...new Set(parsed.planners.flatMap((p) => p.candidates))];
    // Candidates the planner screens are parsed a batch at a time (lib/screening.ts): loaded here, every tree is held.
    if (!project.screens(candidates.length))
      for (const [index, absPath] of candidates.entries()) {
        project.load(absPath);
        progress(index + 1, candidates.length, 'parse');
      }
    progress(0, 1, 'analyse');
  }
  // Each planner is given its transform's own option values (a folder resolved against the root, or a usage error).
  const planOptions = parsed.planners.map(({ transform }) => optionValuesOf(transform, options, discovery.root));
  const context = { isTestFile: parsed.isTestFile };
  const plans = parsed.planners.map(({ planner, candidates }, index) =>
    planner(project, candidates, planOptions[index]!, context),
  );
  progress?.(1, 1, 'analyse');
  return plans.length === 1 ? plans[0]! : mergePlans(plans);
}

function mergePlans(plans: TransformPlan[]): TransformPlan {
  const edits = new Map<string, TextEdit[]>();
  const files = new Map<string, string>();
  const failed = new Map<string, string>();
  for (const plan of plans) {
    for (const [absPath, list] of plan.edits) edits.set(absPath, [...(edits.get(absPath) ?? []), ...list]);
    for (const [absPath, text] of plan.files ?? []) files.set(absPath, text);
    for (const [absPath, message] of plan.failed ?? []) if (!failed.has(absPath)) failed.set(absPath, message);
  }
  return {
    sites: plans.flatMap((p) => p.sites),
    edits,
    ...(files.size > 0 ? { files } : {}),
    ...(failed.size > 0 ? { failed } : {}),
  };
}
