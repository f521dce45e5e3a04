// Recoverable runs: a migration killed at any write, then run again, ends byte for byte where one clean run
// ends; while interrupted, no file imports a module that is not written yet; temp files and temp copies of a killed
// run are removed by the next. The kills are deterministic: the writer's test hooks (lib/writeFileAtomic.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/fixtures.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const temps: string[] = [];

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix = 'mrtr-recover-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

function copyOf(source: string): string {
  const dir = path.join(tempDir(), 'tree');
  fs.cpSync(source, dir, { recursive: true });
  return dir;
}

function migrate(dir: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [CLI, '--allow-dirty', '--quiet', '.'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: result.status, signal: result.signal, stderr: result.stderr };
}

/** Every file of a tree (relative path -> content), so that two trees compare byte for byte. */
function treeOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const entry of fs
      .readdirSync(path.join(dir, sub), { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const relative = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) walk(relative);
      else files[relative] = fs.readFileSync(path.join(dir, relative), 'latin1');
    }
  };
  walk('');
  return files;
}

/** Each relative import of the runtime module in the tree that names a file that does not exist. */
function missingRuntimeImports(tree: Record<string, string>): string[] {
  const missing: string[] = [];
  for (const [file, text] of Object.entries(tree)) {
    if (!/\.[cm]?[jt]sx?$/.test(file)) continue;
    for (const match of text.matchAll(/['"](\.{1,2}\/[^'"]*mcp-mrtr-runtime)\.(?:js|cjs|mjs)['"]/g)) {
      const base = path.posix.join(path.posix.dirname(file), match[1]!);
      if (!['.ts', '.js', '.cjs', '.mjs'].some((ext) => `${base}${ext}` in tree))
        missing.push(`${file} -> ${match[1]}`);
    }
  }
  return missing;
}

const TREES = [
  ['the bundled v1 example', path.join(REPO_ROOT, 'examples', 'v1-notes-server')],
  [
    'replay: a shared confirm helper',
    path.join(REPO_ROOT, '__fixtures__', 'mrtr', 'rewrite-replay-shared-confirm', 'input'),
  ],
  [
    'replay: handlers in several files',
    path.join(REPO_ROOT, '__fixtures__', 'mrtr', 'rewrite-replay-handlers-in-several-files', 'input'),
  ],
] as const;

describe('an interrupted migration', () => {
  for (const [name, source] of TREES) {
    it(`${name}: killed after each write, then run again, ends exactly as one clean run`, () => {
      const clean = copyOf(source);
      expect(migrate(clean).code).toBe(0);
      const expected = treeOf(clean);
      expect(treeOf(copyOf(source))).not.toEqual(expected);
      let killed = 0;
      for (let writes = 1; writes < 20; writes++) {
        const dir = copyOf(source);
        const interrupted = migrate(dir, { MCP_MRTR_TEST_EXIT_AFTER_WRITES: String(writes) });
        if (interrupted.signal !== 'SIGKILL') {
          // The run made fewer writes than that: it finished, as a clean run.
          expect(interrupted.code).toBe(0);
          expect(treeOf(dir)).toEqual(expected);
          break;
        }
        killed++;
        // While interrupted: no source imports a runtime module that is not there.
        expect(missingRuntimeImports(treeOf(dir)), `killed after write ${writes}`).toEqual([]);
        const again = migrate(dir);
        expect(again.code, again.stderr).toBe(0);
        expect(treeOf(dir), `killed after write ${writes}`).toEqual(expected);
      }
      expect(killed).toBeGreaterThan(2);
    }, 240_000);
  }

  it('killed during a write (its temp file beside the target), then run again, ends as one clean run', () => {
    const source = TREES[1][1];
    const clean = copyOf(source);
    expect(migrate(clean).code).toBe(0);
    const expected = treeOf(clean);
    for (const writes of [1, 2, 3]) {
      const dir = copyOf(source);
      expect(migrate(dir, { MCP_MRTR_TEST_EXIT_DURING_WRITE: String(writes) }).signal).toBe('SIGKILL');
      expect(Object.keys(treeOf(dir)).some((file) => file.endsWith('.tmp'))).toBe(true);
      expect(migrate(dir).code).toBe(0);
      expect(treeOf(dir), `killed during write ${writes}`).toEqual(expected);
    }
  }, 120_000);

  it('a journal that no longer matches the tree stops the run with exit 2 and writes nothing', () => {
    const dir = copyOf(TREES[1][1]);
    expect(migrate(dir, { MCP_MRTR_TEST_EXIT_AFTER_WRITES: '2' }).signal).toBe('SIGKILL');
    // The user edits a file the interrupted migration had not written yet.
    const journal = JSON.parse(fs.readFileSync(path.join(dir, '.mcp-mrtr-migration.json'), 'utf8'));
    const last = journal.files.at(-1).path as string;
    fs.appendFileSync(path.join(dir, last), '// edited\n');
    const before = treeOf(dir);
    const again = migrate(dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`no longer matches ${last}`);
    expect(again.stderr).not.toMatch(/\n\s+at /);
    expect(treeOf(dir)).toEqual(before);
  });

  it('a copy the v1 step left in the temp folder when killed is removed by the next run', () => {
    const tmp = tempDir('mrtr-recover-tmpdir-');
    const dir = copyOf(path.join(REPO_ROOT, 'examples', 'v1-notes-server'));
    const original = treeOf(dir);
    expect(migrate(dir, { TMPDIR: tmp, MCP_MRTR_TEST_EXIT_IN_V1_STEP: '1' }).signal).toBe('SIGKILL');
    expect(fs.readdirSync(tmp).filter((name) => name.startsWith('mcp-mrtr-v1-to-v2-'))).toHaveLength(1);
    expect(treeOf(dir)).toEqual(original);
    expect(migrate(dir, { TMPDIR: tmp }).code).toBe(0);
    expect(fs.readdirSync(tmp).filter((name) => name.startsWith('mcp-mrtr-v1-to-v2-'))).toEqual([]);
  }, 60_000);
});
