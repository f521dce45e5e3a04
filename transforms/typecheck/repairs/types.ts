// What a type-directed repair is: one class of type error the migration introduces (a compiler code and the node
// it points at), and the edit that removes it with the same meaning at run time. The loop (../repairLoop.ts) hands
// each new error to the classes in order; the first that gives an edit repairs it.
import type { TextEdit } from '../../../lib/edits.js';
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';

export interface TypeErrorAt {
  ts: typeof TypeScript;
  checker: TypeScript.TypeChecker;
  file: TypeScript.SourceFile;
  code: number;
  message: string;
  /** The innermost node that starts where the error starts. */
  node: TypeScript.Node;
  /** Where the error's span ends, when the compiler gave one. */
  end?: number;
}

export interface TypedRepair {
  /** A short name, in the check's summary (`2 repaired: zod-error-issues 1, ...`). */
  id: string;
  codes: readonly number[];
  /** The edits of the error's file that repair it, or undefined when this class does not apply. */
  repair(error: TypeErrorAt): RepairEdits | undefined;
}

export interface RepairEdits {
  edits: TextEdit[];
  /**
   * The edits to make instead when the round made with `edits` does not lower the number of new errors (a type
   * assertion the compiler finds too far from the value's type is made through `unknown`).
   */
  fallback?: TextEdit[];
  /**
   * Findings of the text the repair resolves, by the offset of their line in it: the official codemod's marker
   * (`v1-to-v2/codemod-error-marker`, reported at the marker's line) on a call the repair migrated.
   */
  resolves?: Array<{ transform: string; reason: string; offset: number }>;
}
