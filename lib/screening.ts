// When a run analyses its candidate files a batch at a time (transforms/mrtr/detect/screen.ts), and letting each
// batch's trees go before the next. On a large monorepo most candidates are ordinary files that call `request(`,
// `createMessage(` or `listRoots(` on objects of their own; held in one program, their syntax trees and symbols make
// the memory grow with the tree rather than with its MCP code.

/**
 * From how many candidates a run screens them: 400, or `MCP_MRTR_SCREEN_FROM` (the tests screen the smallest
 * projects with 0).
 */
export function screenFrom(env: NodeJS.ProcessEnv = process.env): number {
  return setting(env.MCP_MRTR_SCREEN_FROM, 0) ?? 400;
}

/** Candidates analysed at a time when screening: 100, or `MCP_MRTR_SCREEN_BATCH` (the tests take one at a time). */
export function screenBatch(env: NodeJS.ProcessEnv = process.env): number {
  return setting(env.MCP_MRTR_SCREEN_BATCH, 1) ?? 100;
}

function setting(value: string | undefined, least: number): number | undefined {
  const set = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(set) && set >= least ? set : undefined;
}
