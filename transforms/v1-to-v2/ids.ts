import type { SourceFileEntry } from '../../lib/files.js';

// What the v1 step needs to know before anything heavy is loaded (the official codemod, the TypeScript compiler):
// the runner picks the step's input files with it while the step's worker is still starting.

export const V1_TO_V2_ID = 'v1-to-v2';

/** The v1 SDK package: every v1 import path starts with it (`@modelcontextprotocol/sdk/server/mcp.js`, ...). */
const V1_PACKAGE = '@modelcontextprotocol/sdk';

/** A file the official codemod has anything to do with: it names the v1 package (import, require, mock path). */
export function mentionsV1Sdk(text: string): boolean {
  return text.includes(V1_PACKAGE);
}

/**
 * The files the step reads, inside the root: those naming the v1 SDK (the official codemod's), and those naming
 * zod-to-json-schema, which the zod raise breaks wherever they are (repairOutput.ts).
 */
export function v1StepInputs(files: SourceFileEntry[]): SourceFileEntry[] {
  return files.filter(
    (entry) => (mentionsV1Sdk(entry.text) || entry.text.includes('zod-to-json-schema')) && !entry.file.startsWith('..'),
  );
}
