// Screening (lib/screening.ts): the candidates analysed a batch at a time for push calls, each batch's trees let go
// before the next; the files where one is found go on to `findSites` as before, the others are dropped.
import type { AnalysisProject } from '../../../lib/project.js';
import { collectGarbage } from '../../../lib/heap.js';
import { screenBatch } from '../../../lib/screening.js';
import { MrtrAnalysis } from '../analyse/classify.js';
import { forgetReferences } from '../analyse/functions.js';
import { findPushCalls } from './findPushCalls.js';

/**
 * The candidates that hold a push call (found as `findSites` finds them), in their order; every candidate when the
 * project does not screen this many (AnalysisProject.screens). A file that does not parse is kept: its problem is
 * reported where it always was. What the screening parsed is let go; `filesParsed` still counts it.
 */
export function screenCandidates(
  project: AnalysisProject,
  candidates: string[],
  isTestFile: ((absPath: string) => boolean) | undefined,
): string[] {
  if (!project.screens(candidates.length)) return candidates;
  const before = project.loadedPaths();
  const kept = new Set<string>();
  const size = screenBatch();
  for (let start = 0; start < candidates.length; start += size) {
    const batch = candidates.slice(start, start + size);
    // Each batch its own analysis: its memos hold nodes of the files let go below.
    const analysis = new MrtrAnalysis(project, isTestFile);
    const sourceFiles = batch.map((absPath) => project.load(absPath));
    for (const [index, absPath] of batch.entries()) {
      const sourceFile = sourceFiles[index];
      if (!sourceFile || findPushCalls(sourceFile, analysis).length > 0) kept.add(absPath);
    }
    forgetReferences(project);
    project.unloadExcept(before);
    collectGarbage();
  }
  return candidates.filter((absPath) => kept.has(absPath));
}
