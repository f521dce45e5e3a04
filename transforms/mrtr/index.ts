import { createHash } from 'node:crypto';
import type { TextEdit } from '../../lib/edits.js';
import type { Site } from '../../lib/model.js';
import type { AnalysisProject } from '../../lib/project.js';
import { MrtrAnalysis } from './classify.js';
import { PREFILTER_WORDS, TRANSFORM_ID } from './constants.js';
import { findPushCalls } from './findPushCalls.js';
import { displayName, enclosingFunction } from './functions.js';
import { findGuards, isIgnored } from './guards.js';
import { markerEdit } from './insertMarker.js';
import { planSite } from './planSite.js';
import { REASONS } from './reasons.js';

export { TRANSFORM_ID } from './constants.js';

/** The prefilter: a file without any of these words cannot hold a site and is never parsed. */
export function mayHoldSite(text: string): boolean {
  return PREFILTER_WORDS.some((word) => text.includes(word));
}

export interface FilePlan {
  sites: Site[];
  /** Edits per absolute file path: what the migration applies (and the dry run shows). */
  edits: Map<string, TextEdit[]>;
}

/** Detect, classify and plan every push-style site in the given (already discovered) files. */
export function auditFiles(project: AnalysisProject, candidates: string[]): FilePlan {
  const analysis = new MrtrAnalysis(project);
  const sites: Site[] = [];
  const edits = new Map<string, TextEdit[]>();
  // Parse every candidate before the first symbol query: each file added later rebuilds the program.
  const sourceFiles = candidates.map((absPath) => project.load(absPath));
  for (const [index, absPath] of candidates.entries()) {
    const sourceFile = sourceFiles[index];
    if (!sourceFile) continue;
    const file = project.relative(absPath);
    const ordinals = new Map<string, number>();
    for (const call of findPushCalls(sourceFile, analysis)) {
      const chains = call.reason === 'roots-list-changed' ? [] : analysis.chainsOf(call.node);
      const verdict = planSite(call, chains, isIgnored(call.node));
      const notificationChain = call.reason === 'roots-list-changed'
        ? [{ family: 'notification' as const, frames: [{ ...analysis.frameAt(call.node, 'notifications/roots/list_changed'), family: 'notification' as const, method: 'notifications/roots/list_changed' }] }]
        : chains;
      const { line, column } = sourceFile.getLineAndColumnAtPos(call.node.getStart());
      const code = oneLine(call.node.getText());
      const fn = enclosingFunction(call.node);
      const idBase = `${file}|${fn ? displayName(fn) : '<module>'}|${code}`;
      const ordinal = (ordinals.get(idBase) ?? 0) + 1;
      ordinals.set(idBase, ordinal);
      const frames = notificationChain.map((c) => c.frames);
      const first = notificationChain[0];
      const handler = first?.frames[0]?.family && first.frames[0].family !== 'startup' ? first.frames[0] : undefined;
      const family = call.reason === 'roots-list-changed' ? 'notification' : verdict.family;
      const site: Site = {
        id: `${TRANSFORM_ID}-${createHash('sha1').update(`${idBase}|${ordinal}`).digest('hex').slice(0, 12)}`,
        transform: TRANSFORM_ID,
        file,
        line,
        column,
        kind: call.kind,
        form: call.form,
        sdk: call.sdk,
        code,
        family,
        families: call.reason === 'roots-list-changed' ? ['notification'] : verdict.families,
        ...(handler ? { handler } : {}),
        chain: frames[0] ?? [],
        chains: frames,
        guards: findGuards(call.node),
        decision: verdict.decision,
        ...('strategy' in verdict ? { strategy: verdict.strategy } : {}),
        ...('reason' in verdict ? { reason: verdict.reason, message: messageFor(verdict.reason, call.sdk) } : {}),
      };
      sites.push(site);
      const edit = site.decision === 'review' ? markerEdit(call.node, site.reason!, site.message!) : undefined;
      if (edit && !(edits.get(absPath) ?? []).some((e) => e.start === edit.start && e.text === edit.text)) {
        edits.set(absPath, [...(edits.get(absPath) ?? []), edit]);
      }
    }
  }
  return { sites, edits };
}

function messageFor(reason: keyof typeof REASONS, sdk: Site['sdk']): string {
  const message = REASONS[reason].message;
  return reason === 'no-strategy-yet' && sdk === 'v1' ? `${message} (SDK v1 file: the v2 SDK is needed first)` : message;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}
