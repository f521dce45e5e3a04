import type { SourceFileEntry } from '../../lib/files.js';
import { isConventionalTestPath } from '../../lib/testFiles.js';
import { bloomBits, rowMayHold, wordHash } from '../../lib/wordIndex.js';

// What the serving transform needs to know before anything heavy is loaded (the TypeScript compiler): its id, and
// which files it reads. The v1 step reads the same files when it runs (transforms/v1-to-v2/ids.ts stepFiles).

export const SERVING_ID = 'serving';

/**
 * The files of v2 code (not the v1 step's inputs, when it runs) that may connect a server to stdio: they import
 * `@modelcontextprotocol/server` and name `.connect(` and a stdio transport. A plain connect serves 2025-era clients
 * only, so they are served through serveStdio as the v1 step's outputs are (rewriteServing.ts); their HTTP
 * wiring is left alone (v2 code often routes 2025-era requests to it on purpose), and so are its test files (a test
 * server connects on purpose). Held texts only: a file whose text discovery let go names no SDK package.
 */
export function v2StdioInputs(files: SourceFileEntry[], inputs: SourceFileEntry[]): SourceFileEntry[] {
  const taken = new Set(inputs);
  return files.filter(
    (entry) =>
      !taken.has(entry) &&
      !entry.file.startsWith('..') &&
      entry.scan === undefined &&
      !isConventionalTestPath(entry.file) &&
      V2_SERVER.test(entry.text) &&
      entry.text.includes('.connect(') &&
      /stdio/i.test(entry.text),
  );
}

const V2_SERVER = /['"]@modelcontextprotocol\/server(?:\/[\w./-]*)?['"]/;

/**
 * The files outside `inputs` that may call a function of a stdio entry among them: those naming a function one
 * of those entries exports (`export async function startServer()`). The serving rewrite reads them to know whether a
 * function that connects and returns its server has a caller that uses the result (rewriteStdioReturned.ts).
 */
export function servingCallers(files: SourceFileEntry[], inputs: SourceFileEntry[]): SourceFileEntry[] {
  const names = new Set<string>();
  for (const entry of inputs) {
    if (!entry.text.includes('StdioServerTransport')) continue;
    for (const match of entry.text.matchAll(EXPORTED_FUNCTION)) names.add(match[1] ?? match[2]!);
  }
  if (names.size === 0) return [];
  return filesNaming(files, inputs, [...names]);
}

/**
 * The files outside `inputs` that assign `oninitialized` (where a server may register tools once the client's
 * initialize arrives): the serving rewrite keeps the entry that serves such a server on 2025-era serving
 * (rewriteServing.ts initializeRegistrationOf), on every run, the one that leaves v2 code too.
 */
export function initializeHolders(files: SourceFileEntry[], inputs: SourceFileEntry[]): SourceFileEntry[] {
  return filesNaming(files, inputs, [ONINITIALIZED]);
}

/** The project's files outside `inputs` whose text names one of `names` (a whole word). */
function filesNaming(files: SourceFileEntry[], inputs: SourceFileEntry[], names: string[]): SourceFileEntry[] {
  const word = new RegExp(`\\b(?:${names.map((n) => n.replace(/\$/g, '\\$')).join('|')})\\b`);
  // A text discovery let go (lib/textScan.ts) is read again only when its word row may hold one of the names.
  const bits = names.map((n) => bloomBits(wordHash(n, 0, n.length)));
  const mayName = (entry: SourceFileEntry) => !entry.scan || bits.some(([a, b]) => rowMayHold(entry.scan!.words, a, b));
  const taken = new Set(inputs);
  return files.filter(
    (entry) => !taken.has(entry) && !entry.file.startsWith('..') && mayName(entry) && word.test(entry.text),
  );
}

const ONINITIALIZED = 'oninitialized';

const EXPORTED_FUNCTION =
  /\bexport\s+(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)|\bexport\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\b|function\b|\()/g;

/**
 * The files that may call an exported function of a stdio entry among the inputs (servingCallers), as their
 * fields and text: a released entry's text is read once here, and its word row (a view of a shared buffer) stays.
 */
export function callersToRead(all: SourceFileEntry[], inputs: SourceFileEntry[]): SourceFileEntry[] {
  return servingCallers(all, inputs).map((f) => ({ ...f, scan: undefined, text: f.text }));
}
