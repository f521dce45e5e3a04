// The type errors the migrated project has that its original had not, and for each: whether our report lists it
// (`typecheck/post-migration-type-error`), and for the unlisted ones which change made it, read from the lines.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The error's identity across the migration's edits: its file, code and message (lines move). */
const keyOf = (e) => `${e.file}\0${e.code}\0${e.message}`;

/** Serving code the v1 step of our CLI writes beyond the official codemod (transports, handlers, listeners). */
const SERVING =
  /Transport|createMcpHandler|toNodeHandler|handleRequest|\.listen\(|\bapp\.(post|get|all|use)\b|hono|express/i;

/**
 * `after` minus `before` (as many times as each occurs), each `{ file, line, code, message, listed, origin }`.
 * `origin` for the unlisted: `v1 step` (the line is in the official codemod's own output), `serving` (a changed
 * line of serving code it does not write), `MRTR rewrite` (any other changed line), `dependency ranges` (a line
 * the migration did not change: a type from the upgraded packages or from a changed module).
 */
export function compareErrors(before, after, { report, root, pristine, migrated, official }) {
  if (!before.ran || !after.ran) return undefined;
  const counts = new Map();
  for (const e of before.errors) counts.set(keyOf(e), (counts.get(keyOf(e)) ?? 0) + 1);
  const introduced = [];
  for (const e of after.errors) {
    const left = counts.get(keyOf(e)) ?? 0;
    if (left > 0) counts.set(keyOf(e), left - 1);
    else introduced.push(e);
  }
  const listed = (report.findings ?? [])
    .filter((f) => f.reason === 'post-migration-type-error')
    .map((f) => ({ file: path.join(root, f.file).split(path.sep).join('/'), text: f.message, used: false }));
  const notChecked = (report.findings ?? []).find((f) => f.reason === 'type-check-incomplete')?.message;
  // The report flattens a message chain into one line: its first line (tsc's head line) is what both share.
  const matchOf = (e) =>
    listed.find((l) => !l.used && l.file === e.file && l.text.startsWith(`${e.code}: ${e.head ?? e.message}`));
  const errors = introduced.map((e) => {
    const match = matchOf(e);
    if (match) match.used = true;
    const out = { ...e, listed: Boolean(match) };
    if (!match) out.origin = originOf(e, { pristine, migrated, official });
    return out;
  });
  // Listed by our report, not found by tsc once the new packages are installed (the report's check ran without them).
  const reportOnly = listed.filter((l) => !l.used).length;
  const fixed = fixedCount(counts);
  return { before: before.errors.length, after: after.errors.length, fixed, errors, reportOnly, notChecked };
}

function fixedCount(counts) {
  let n = 0;
  for (const left of counts.values()) n += left;
  return n;
}

function originOf(error, { pristine, migrated, official }) {
  const text = (dir) =>
    dir && existsSync(path.join(dir, error.file)) ? readFileSync(path.join(dir, error.file), 'utf8') : undefined;
  const now = text(migrated)?.split('\n')[error.line - 1]?.trim();
  const has = (source) => now !== undefined && source !== undefined && source.split('\n').some((l) => l.trim() === now);
  if (!now || has(text(pristine))) return 'dependency ranges';
  if (has(text(official))) return 'v1 step';
  return SERVING.test(now) ? 'serving' : 'MRTR rewrite';
}
