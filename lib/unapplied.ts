// What a run could not apply is not reported as done: a site the plan rewrites in a file that failed or was skipped
// is a review item, and a module the plan creates that no final text imports (its importers failed) is not written.
import path from 'node:path';
import fs from 'node:fs';
import type { FileOutcome, PlannedTexts } from './apply.js';
import type { PendingWrite } from './journal.js';
import { firstModuleCandidate, resolveDotted } from './moduleResolution.js';
import { RELATIVE_SPECIFIER } from './sdkReach.js';
import type { DiscoveryResult } from './files.js';
import { reviewSiteOf } from './findings.js';
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
    return reviewSiteOf(catalogue, reason, site, outcome.problem?.message ?? outcome.status);
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

/**
 * Leave unwritten every changed source linked by an import, in either direction and through other changed sources,
 * to a discovered file whose change could not be made (an `error` or `skipped` outcome): a server rewritten to import
 * a codec, or the replay runtime's wrapper, from a file left as it was would not load, and a file left on the v1 SDK
 * does not take a v2 server from its importer. Each is reported as an error naming the file it depends on. Runs before
 * the whole files are planned, so that package.json and the runtime module follow the texts that are written.
 */
export function dropDependents(
  discovery: DiscoveryResult,
  outcomes: Map<string, FileOutcome>,
  planned: PlannedTexts,
  pending: PendingWrite[],
): void {
  const failed = discovery.files.filter((f) => {
    const status = outcomes.get(f.absPath)?.status;
    return status !== undefined && status !== 'changed';
  });
  if (failed.length === 0 || planned.size === 0) return;
  const known = new Set(discovery.files.map((f) => f.absPath));
  const linksOf = (absPath: string, texts: string[]) => {
    const links = new Set<string>();
    for (const text of texts)
      for (const match of text.matchAll(RELATIVE_SPECIFIER)) {
        const target = firstModuleCandidate(resolveDotted(path.dirname(absPath), match[2]!), (c) => known.has(c));
        if (target !== undefined) links.add(target);
      }
    return links;
  };
  const changed = new Map(
    discovery.files
      .filter((f) => planned.has(f.absPath))
      .map((f) => [f.absPath, { file: f.file, ...planned.get(f.absPath)! }]),
  );
  const neighbours = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    neighbours.get(a)!.add(b);
  };
  for (const [absPath, write] of changed)
    for (const target of linksOf(absPath, [write.before, write.after])) {
      link(absPath, target);
      link(target, absPath);
    }
  for (const entry of failed)
    for (const target of linksOf(entry.absPath, [entry.text])) {
      link(entry.absPath, target);
      link(target, entry.absPath);
    }
  const cause = new Map<string, string>(failed.map((f) => [f.absPath, f.file]));
  const queue = failed.map((f) => f.absPath);
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const next of neighbours.get(from) ?? []) {
      if (cause.has(next) || !changed.has(next)) continue;
      cause.set(next, cause.get(from)!);
      queue.push(next);
    }
  }
  for (const [absPath, write] of changed) {
    const origin = cause.get(absPath);
    if (origin === undefined) continue;
    const index = pending.findIndex((w) => w.absPath === absPath);
    if (index !== -1) pending.splice(index, 1);
    planned.delete(absPath);
    outcomes.set(absPath, {
      status: 'error',
      problem: {
        kind: 'write-error',
        message: `${write.file}: not written: its change goes with ${origin}'s, which could not be made (a file importing, or imported by, the other would not load)`,
      },
    });
  }
}
