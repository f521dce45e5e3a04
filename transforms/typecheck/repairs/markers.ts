// The official codemod's `@mcp-codemod-error` marker on a call a repair migrates: a comment of its own line above
// the call's statement (the codemod's, not the user's). The repair removes it, and the finding read from it
// (`v1-to-v2/codemod-error-marker`) is resolved: nothing is left there for a person.
import type { TextEdit } from '../../../lib/edits.js';
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';
import type { RepairEdits } from './types.js';

/** The removal of the marker whose text matches `about` on the line above the call's statement, if it is there. */
export function markerAbove(call: TypeScript.Node, about: RegExp): TextEdit[] {
  const file = call.getSourceFile();
  let statement: TypeScript.Node = call;
  while (statement.parent && statement.parent.getStart(file) === call.getStart(file)) statement = statement.parent;
  const lineStart = file.text.lastIndexOf('\n', statement.getStart(file) - 1) + 1;
  if (lineStart === 0) return [];
  const previousStart = file.text.lastIndexOf('\n', lineStart - 2) + 1;
  const line = file.text.slice(previousStart, lineStart);
  const marker = /^[ \t]*\/\*\s*@mcp-codemod-error\b([^*]*)\*\/[ \t]*\r?\n$/.exec(line);
  return marker && about.test(marker[1]!) ? [{ start: previousStart, end: lineStart, text: '' }] : [];
}

/** The repair's edits with the markers it removes, each a resolved finding. */
export function withMarkers(edits: TextEdit[], markers: TextEdit[]): RepairEdits {
  return {
    edits: [...edits, ...markers],
    resolves: markers.map((m) => ({ transform: 'v1-to-v2', reason: 'codemod-error-marker', offset: m.start })),
  };
}
