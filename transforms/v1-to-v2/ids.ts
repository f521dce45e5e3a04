import type { SourceFileEntry } from '../../lib/files.js';
import { v2StdioInputs } from '../serving/ids.js';

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
 * v1 modules with no v2 counterpart, whose import the step puts back while the code still uses them
 * (restoreImports.ts): a v2 file naming only these is already migrated, and a second run leaves it alone.
 */
const KEPT_V1_MODULES = /^@modelcontextprotocol\/sdk\/(?:experimental\/tasks|server\/zod-compat)\b/;

/** A line importing a kept v1 module (the module in group 1). */
export const KEPT_V1_IMPORT =
  /\bfrom\s*['"](@modelcontextprotocol\/sdk\/(?:experimental\/tasks|server\/zod-compat)[\w./-]*)['"]/;

/** A file the step already migrated: it imports a v2 package and names the v1 package only for kept modules. */
export function migratedAlready(text: string): boolean {
  if (!/@modelcontextprotocol\/(?:server|client|core)\b/.test(text)) return false;
  const v1 = text.match(/@modelcontextprotocol\/sdk[\w./-]*/g) ?? [];
  return v1.every((specifier) => KEPT_V1_MODULES.test(specifier));
}

/**
 * The files the step reads, inside the root: those naming the v1 SDK (the official codemod's), and those naming
 * zod-to-json-schema or calling a zod `.record(...)`, which the zod raise breaks wherever they are (repairOutput.ts).
 */
export function v1StepInputs(files: SourceFileEntry[]): SourceFileEntry[] {
  return files.filter(
    (entry) =>
      ((mentionsV1Sdk(entry.text) && !migratedAlready(entry.text)) ||
        entry.text.includes('zod-to-json-schema') ||
        mayHoldZodRecord(entry.text)) &&
      !entry.file.startsWith('..'),
  );
}

/** Every file the step reads and may change: its inputs, then v2 code's stdio entries. */
export function stepFiles(files: SourceFileEntry[]): SourceFileEntry[] {
  const inputs = v1StepInputs(files);
  return [...inputs, ...v2StdioInputs(files, inputs)];
}

/** Whether a text may hold a one-argument `z.record(...)`, which the zod raise breaks (rewriteZodRecord.ts). */
export function mayHoldZodRecord(text: string): boolean {
  return text.includes('.record(') && text.includes('zod');
}

/** The step's input files the official codemod reads: those naming the v1 SDK (the others get the repairs alone). */
export function codemodInputs(inputs: SourceFileEntry[]): SourceFileEntry[] {
  return inputs.filter((entry) => mentionsV1Sdk(entry.text) && !migratedAlready(entry.text));
}
