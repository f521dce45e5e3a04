import { FilePlanError, planFailureMessage, type PlanFailures } from '../../lib/planFailure.js';
import type { AnalysisProject } from '../../lib/project.js';
import { MrtrAnalysis } from './analyse/classify.js';
import { findSites } from './detect/findSites.js';
import { screenCandidates } from './detect/screen.js';
import { decideSites } from './plan/decide.js';
import type { MrtrOptions } from './options.js';
import { emitSites, type FilePlan } from './rewrite/emit.js';

export type { FilePlan } from './rewrite/emit.js';

/** The transform's options (the runtime folder absolute), and which files are tests. */
export interface AuditFilesOptions extends MrtrOptions {
  /** Whether a file is a test file: its calls never decide where a helper runs (lib/testFiles.ts). */
  isTestFile?: (absPath: string) => boolean;
}

/**
 * Detect, classify and plan every push-style site in the given (already discovered) files, then derive the edits:
 * first a verdict for every site, then the report's sites and the edits, both in the order the sites were found.
 */
export function auditFiles(project: AnalysisProject, candidates: string[], options: AuditFilesOptions = {}): FilePlan {
  const screened = screenCandidates(project, candidates, options.isTestFile);
  const analysis = new MrtrAnalysis(project, options.isTestFile);
  const failed: PlanFailures = new Map();
  const found = findSites(project, screened, analysis, failed);
  // A file whose planning throws is that file's error: the sites are planned again without its asks, until none throws.
  for (;;) {
    try {
      const decided = decideSites(
        found,
        analysis,
        options.strategy ?? 'auto',
        options.runtimeDir,
        new Set(failed.keys()),
      );
      const plan = emitSites(decided, analysis, options.runtimeDir);
      return failed.size > 0 ? { ...plan, failed } : plan;
    } catch (error) {
      if (!(error instanceof FilePlanError) || failed.has(error.absPath)) throw error;
      failed.set(error.absPath, planFailureMessage(project.relative(error.absPath), 'the MRTR planner', error));
    }
  }
}
