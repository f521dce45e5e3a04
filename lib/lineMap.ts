// Positions in the file as the user has it, for a file the planners analyse in another text (a pre-step's output:
// the official v1-to-v2 codemod rewrites imports and registrations, so its lines are not the user's). Reports,
// SARIF locations and messages must point into the user's file (lines refer to the file as the user will open it),
// so every line the analysis reports goes through this map.
import { createRequire } from 'node:module';

/** A position, 1-based line and column. */
export interface LineAndColumn {
  line: number;
  column: number;
}

interface Change {
  value: string;
  count?: number;
  added?: boolean;
  removed?: boolean;
}

/** jsdiff by require: the map is asked for inside the (synchronous) analysis, and only for files a pre-step changed. */
let diffLines: ((a: string, b: string) => Change[]) | undefined;

/**
 * The map from the analysed text's positions to the user's text's. A line both texts share (jsdiff's line diff) maps
 * exactly, column included. A line the pre-step wrote maps to a user line it replaced: the one holding the same code
 * before the position and call text (`const answer = await server.server.elicitInput` up to its `(`), else the same
 * call text, else the one holding the same code before the position
 * (`const answer = await `), nearest its hunk; else to the replaced line at the same offset in the hunk (or the next
 * line the user has, for a pure insertion), at its first non-blank column.
 */
export function lineMapBetween(userText: string, analysedText: string): (position: LineAndColumn) => LineAndColumn {
  diffLines ??= (createRequire(import.meta.url)('diff') as { diffLines: typeof diffLines }).diffLines!;
  const userLines = userText.split('\n');
  const analysedLines = analysedText.split('\n');
  // For each analysed line (0-based): the user line it is (exact), or the user lines it replaced.
  const exact = new Map<number, number>();
  const replaced = new Map<number, { start: number; count: number; offset: number }>();
  let user = 0;
  let analysed = 0;
  let removed: { start: number; count: number } | undefined;
  // The user's lines the pre-step replaced (no line of the analysed text is them), in order.
  const replacedUserLines: number[] = [];
  for (const change of diffLines(userText, analysedText)) {
    const count = change.count ?? change.value.split('\n').length - 1;
    if (change.removed) {
      removed = { start: user, count };
      for (let k = 0; k < count; k++) replacedUserLines.push(user + k);
      user += count;
    } else if (change.added) {
      const block = removed ?? { start: Math.min(user, userLines.length - 1), count: 0 };
      for (let k = 0; k < count; k++) replaced.set(analysed + k, { ...block, offset: k });
      analysed += count;
      removed = undefined;
    } else {
      for (let k = 0; k < count; k++) exact.set(analysed + k, user + k);
      user += count;
      analysed += count;
      removed = undefined;
    }
  }
  return ({ line, column }) => {
    const index = line - 1;
    const same = exact.get(index);
    if (same !== undefined) return { line: same + 1, column };
    const block = replaced.get(index);
    if (!block) return { line, column };
    const analysedLine = analysedLines[index] ?? '';
    // The user's line holding the same call text (up to its `(`), else the same code before the position (a call the
    // pre-step renamed: `extra.sendRequest(` -> `ctx.mcpReq.send(`): in the hunk first, nearest the same offset (code
    // repeats), then among all the lines the pre-step replaced, nearest the hunk (a wrapped block moves lines across
    // hunks).
    const callText = /^[\w$.?!]+(?=\s*\()/.exec(analysedLine.slice(column - 1))?.[0];
    const before = analysedLine.slice(0, column - 1).trimStart();
    const byDistance = (lines: number[], to: number) => [...lines].sort((a, b) => Math.abs(a - to) - Math.abs(b - to));
    const own = byDistance(
      Array.from({ length: block.count }, (_, k) => block.start + k),
      block.start + block.offset,
    );
    const near = byDistance(replacedUserLines, block.start);
    // The code before the call and the call text together first: two asks of one reindented handler share the
    // call text (`server.server.elicitInput`) but not what precedes it (`const nameAnswer = await ` / `const age...`).
    const whole = before && callText ? before + callText : undefined;
    for (const [needle, shift, lines] of [
      [whole, before.length, own],
      [whole, before.length, near],
      [callText, 0, own],
      [before, before.length, own],
      [callText, 0, near],
      [before, before.length, near],
    ] as const) {
      if (!needle) continue;
      for (const candidate of lines) {
        const at = userLines[candidate]!.indexOf(needle);
        if (at !== -1) return { line: candidate + 1, column: at + shift + 1 };
      }
    }
    const target = block.count > 0 ? block.start + Math.min(block.offset, block.count - 1) : block.start;
    const text = userLines[target] ?? '';
    return { line: target + 1, column: (/\S/.exec(text)?.index ?? 0) + 1 };
  };
}
