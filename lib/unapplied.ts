// What a run could not apply is not reported as done: a site the plan rewrites in a file that failed or was skipped
// is a review item, and a module the plan creates that no final text imports (its importers failed) is not written.
import path from 'node:path';
import fs from 'node:fs';
import type { FileOutcome } from './apply.js';
import type { DiscoveryResult } from './files.js';
import type { Site } from './model.js';
import type { TransformCatalogue } from './transform.js';

/**
 * The sites with each `rewritten` site of a file whose outcome is `error` or `skipped` turned into a review item with
 * its transform's `unappliedReason`, the message naming the file's problem.
 */
export function unappliedSites(
  sites: Site[],
  outcomes: Map<string, FileOutcome>,
  discovery: DiscoveryResult,
  catalogues: readonly TransformCatalogue[],
): Site[] {
  const failed = new Map<string, FileOutcome>();
  for (const entry of discovery.files) {
    const outcome = outcomes.get(entry.absPath);
    if (outcome && outcome.status !== 'changed') failed.set(entry.file, outcome);
  }
  if (failed.size === 0) return sites;
  return sites.map((site) => {
    const outcome = failed.get(site.file);
    const catalogue = catalogues.find((c) => c.id === site.transform);
    const reason = catalogue?.unappliedReason;
    if (!outcome || site.decision !== 'rewritten' || !reason) return site;
    const { strategy: _strategy, ...rest } = site;
    const message = `${catalogue.reasons[reason]?.message ?? reason}: ${outcome.problem?.message ?? outcome.status}`;
    return { ...rest, decision: 'review', reason, message };
  });
}

/**
 * Drop from `files` each new source module (not on disk yet) that no final text names by its base name: the files
 * that would import it were not changed (they failed), so writing it would leave an orphan. Each is reported as
 * skipped (`not-imported`).
 */
export function dropOrphanModules(
  files: Map<string, string>,
  finalTexts: Iterable<string>,
  discovery: DiscoveryResult,
  outcomes: Map<string, FileOutcome>,
): void {
  const texts = [...finalTexts];
  for (const absPath of [...files.keys()]) {
    if (!/\.[cm]?[jt]sx?$/.test(absPath) || fs.existsSync(absPath)) continue;
    const stem = path.basename(absPath).replace(/\.[cm]?[jt]sx?$/, '');
    if (texts.some((text) => text.includes(stem))) continue;
    files.delete(absPath);
    const file = path.relative(discovery.root, absPath).split(path.sep).join('/');
    outcomes.set(absPath, {
      status: 'skipped',
      file,
      problem: {
        kind: 'not-imported',
        message: `${file}: not written: no file imports it (the files that would have failed)`,
      },
    });
  }
}
