// Whole-file writes of a plan (a generated module, package.json): created or replaced atomically, never
// over a file that appeared meanwhile, parse-checked, shown as a diff `git apply` accepts, nothing in a dry run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyFiles } from '../lib/apply.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-files-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

async function plan(root: string, files: Record<string, string>, write: boolean) {
  const outcomes = new Map();
  const planned = new Map(Object.entries(files).map(([name, text]) => [path.join(root, name), text]));
  await applyFiles({ root, files: [], problems: [], missing: [] }, planned, new Map(), write, { diff: true }, outcomes);
  return outcomes;
}

describe('whole-file writes', () => {
  it('a dry run writes nothing and shows the new file as git would', async () => {
    const root = project({ 'package.json': '{\n  "name": "x"\n}\n' });
    const outcomes = await plan(
      root,
      { 'runtime.ts': 'export const x = 1;\n', 'package.json': '{\n  "name": "x",\n  "type": "module"\n}\n' },
      false,
    );
    expect(fs.existsSync(path.join(root, 'runtime.ts'))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).toBe('{\n  "name": "x"\n}\n');
    const created = outcomes.get(path.join(root, 'runtime.ts'));
    expect(created).toMatchObject({ status: 'changed', file: 'runtime.ts', created: true });
    expect(created.diff).toContain(
      'new file mode 100644\n--- /dev/null\n+++ b/runtime.ts\n@@ -0,0 +1,1 @@\n+export const x = 1;',
    );
    // The combined patch applies to the untouched tree.
    const patch = [...outcomes.values()].map((o) => o.diff).join('');
    spawnSync('git', ['init', '-q'], { cwd: root });
    const applied = spawnSync('git', ['apply', '-'], { cwd: root, input: patch, encoding: 'utf8' });
    expect(applied.stderr).toBe('');
    expect(fs.readFileSync(path.join(root, 'runtime.ts'), 'utf8')).toBe('export const x = 1;\n');
    expect(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).toContain('"type": "module"');
  });

  it('a migration creates and replaces the files', async () => {
    const root = project({ 'package.json': '{}\n' });
    await plan(root, { 'runtime.ts': 'export const x = 1;\n', 'package.json': '{ "private": true }\n' }, true);
    expect(fs.readFileSync(path.join(root, 'runtime.ts'), 'utf8')).toBe('export const x = 1;\n');
    expect(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).toBe('{ "private": true }\n');
    expect(fs.readdirSync(root).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a generated source file that does not parse, and writes nothing', async () => {
    const root = project({});
    const outcomes = await plan(root, { 'runtime.ts': 'export const = ;\n' }, true);
    expect(outcomes.get(path.join(root, 'runtime.ts'))).toMatchObject({
      status: 'error',
      problem: { kind: 'write-error' },
    });
    expect(fs.existsSync(path.join(root, 'runtime.ts'))).toBe(false);
  });

  it('never replaces a file that appeared after the plan was made', async () => {
    const root = project({});
    const target = path.join(root, 'runtime.ts');
    const outcomes = new Map();
    const planned = new Map([[target, 'export const generated = true;\n']]);
    // Planned as new (it did not exist), then someone else creates it before the write.
    const original = fs.existsSync;
    let calls = 0;
    const spy = (p: fs.PathLike) => {
      const result = original(p);
      if (String(p) === target && calls++ === 0) fs.writeFileSync(target, 'export const theirs = 1;\n');
      return result;
    };
    (fs as { existsSync: typeof fs.existsSync }).existsSync = spy as typeof fs.existsSync;
    try {
      await applyFiles({ root, files: [], problems: [], missing: [] }, planned, new Map(), true, {}, outcomes);
    } finally {
      (fs as { existsSync: typeof fs.existsSync }).existsSync = original;
    }
    expect(outcomes.get(target)).toMatchObject({ status: 'error' });
    expect(fs.readFileSync(target, 'utf8')).toBe('export const theirs = 1;\n');
  });
});
