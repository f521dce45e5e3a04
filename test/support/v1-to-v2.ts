/**
 * Helpers shared by the v1-to-v2 test files (`test/v1-to-v2-*.test.ts`): the built CLI, temp copies of fixture
 * trees (removed after each test by `removeTemps`), strict type checking of a tree, and the client script the v1
 * fixtures answer with. A fixture's migrated tree, to compile or run: `migratedTree` (test/support/fixtures.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClientScript } from './equivalence.js';
import { readTree, REPO_ROOT } from './fixtures.js';
import { strictDiagnostics } from './typecheck.js';

export const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
export const SCHEMA = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schema', 'report.schema.json'), 'utf8'));
/** Temp dirs and files the tests made; `removeTemps` (after each test) deletes them. */
export const temps: string[] = [];

export function removeTemps(): void {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Strict type errors of every `.ts` file of a tree, against the installed SDKs. */
export function strictDiagnosticsOfTree(dir: string): string[] {
  const files = Object.keys(readTree(dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
  return strictDiagnostics(files, REPO_ROOT);
}

export function run(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  // `why`: what to print when a run fails (its stderr, and the signal that ended it, if one did).
  const why = `${result.signal ? `killed by ${result.signal}\n` : ''}${result.error ? `${result.error.message}\n` : ''}${result.stderr}`;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, why };
}

export function copyOf(source: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-v1-to-v2-'));
  temps.push(dir);
  fs.cpSync(source, dir, { recursive: true });
  return dir;
}

export function tempTree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-v1-to-v2-'));
  temps.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/**
 * The client script of the v1 fixtures: the first confirmation is accepted (the note goes), the next declined;
 * sampling answers with one summary. `count` returns the number of confirmations asked so far and counts this one
 * (a test file keeps the counter, `let elicits = 0`, and resets it before each run: `() => elicits++`).
 */
export function confirmOnceScript(count: () => number): ClientScript {
  return {
    elicit: () => (count() === 0 ? { action: 'accept', content: { confirm: true } } : { action: 'decline' }) as never,
    sample: () =>
      ({ role: 'assistant', content: { type: 'text', text: 'Groceries before six.' }, model: 'test-model' }) as never,
  };
}
