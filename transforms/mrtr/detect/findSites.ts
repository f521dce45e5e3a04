import { planFailureMessage, RunError, type PlanFailures } from '../../../lib/planFailure.js';
import type { AnalysisProject } from '../../../lib/project.js';
import type { Chain } from '../analyse/chains.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import type { PushCall } from '../analyse/pushCall.js';
import { findPushCalls } from './findPushCalls.js';
import { findGuards, inLegacyEraBranch, isIgnored } from './guards.js';

/** A push-style site of a candidate file, with where it runs (its chains) and what surrounds it. */
export interface FoundSite {
  absPath: string;
  call: PushCall;
  chains: Chain[];
  guards: string[];
  /** Not planned: silenced with @mcp-mrtr-ignore, or run only for 2025-era traffic (`skip` says which). */
  ignored: boolean;
  skip?: 'ignored' | 'legacy-era-branch';
}

/** Every site of the candidate files, in file order then source order: the order sites are decided, reported and counted in. */
export function findSites(
  project: AnalysisProject,
  candidates: string[],
  analysis: MrtrAnalysis,
  failed?: PlanFailures,
): FoundSite[] {
  // Parse every candidate before the first symbol query: each file added later rebuilds the program.
  const sourceFiles = candidates.map((absPath) => project.load(absPath));
  const found: FoundSite[] = [];
  for (const [index, absPath] of candidates.entries()) {
    const sourceFile = sourceFiles[index];
    if (!sourceFile) continue;
    const own: FoundSite[] = [];
    try {
      for (const call of findPushCalls(sourceFile, analysis)) {
        const chains = call.reason === 'roots-list-changed' ? [] : analysis.chainsOf(call.node);
        const skip = isIgnored(call.node) ? 'ignored' : inLegacyEraBranch(call.node) ? 'legacy-era-branch' : undefined;
        const guards = findGuards(call.node);
        own.push({ absPath, call, chains, guards, ignored: skip !== undefined, ...(skip ? { skip } : {}) });
      }
    } catch (error) {
      // That file's error (lib/planFailure.ts): without it given, the run's.
      if (!failed || error instanceof RunError) throw error;
      failed.set(absPath, planFailureMessage(project.relative(absPath), 'the MRTR planner', error));
      continue;
    }
    found.push(...own);
  }
  return found;
}
