// The V8 code cache the CLI keeps for the big CommonJS dependencies on Node < 22.1 (lib/compileCache.ts): used
// again by the next run, a few installs of a module side by side, and only in a directory private to the user.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/fixtures.js';

const COMPILE_CACHE = path.join(REPO_ROOT, 'dist', 'lib', 'compileCache.js');
// Node >= 22.1 uses its own module.enableCompileCache, whose files are Node's business.
const nodeHasItsOwn =
  typeof (createRequire(import.meta.url)('node:module') as { enableCompileCache?: unknown }).enableCompileCache ===
  'function';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-cache-'));
  dirs.push(dir);
  return dir;
}

/** An install of a CommonJS package big enough to be cached (over 256 KiB), under `root`. */
function install(root: string, version: number): string {
  const file = path.join(root, 'node_modules', 'big', 'index.js');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lines = Array.from(
    { length: 6000 },
    (_, i) => `exports.f${i} = function f${i}(x) { return x * ${i} + ${version}; };`,
  );
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** A process that turns the cache on in `cacheDir` and loads `module`: prints the directory used and a value from the module. */
function load(cacheDir: string, module: string) {
  const script = `import { enableCompileCache } from ${JSON.stringify(COMPILE_CACHE)};
import { createRequire } from 'node:module';
const used = enableCompileCache(${JSON.stringify(cacheDir)});
console.log(JSON.stringify({ used: used ?? null, value: createRequire(import.meta.url)(${JSON.stringify(module)}).f7(1) }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, MCP_MRTR_NO_COMPILE_CACHE: '' },
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { used: string | null; value: number };
}

const entries = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.v8cache'))
    .sort();

describe.skipIf(nodeHasItsOwn)('compile cache (Node < 22.1)', () => {
  it('stores an entry once, keeps it while it is accepted, and replaces it for another install', () => {
    const cacheDir = path.join(tempDir(), 'cache');
    const first = install(tempDir(), 1);
    expect(load(cacheDir, first)).toEqual({ used: cacheDir, value: 8 });
    const [entry] = entries(cacheDir);
    expect(entries(cacheDir)).toEqual([entry]);
    const stored = fs.statSync(path.join(cacheDir, entry!)).mtimeMs;
    // Accepted: the next run compiles from it and writes nothing.
    expect(load(cacheDir, first)).toEqual({ used: cacheDir, value: 8 });
    expect(entries(cacheDir)).toEqual([entry]);
    expect(fs.statSync(path.join(cacheDir, entry!)).mtimeMs).toBe(stored);
    // Another install of the same package (another checkout) is stored beside it; an entry named the old way goes.
    fs.writeFileSync(path.join(cacheDir, 'oldname.v8cache'), 'x');
    const second = install(tempDir(), 2);
    expect(load(cacheDir, second)).toEqual({ used: cacheDir, value: 9 });
    expect(entries(cacheDir)).toHaveLength(2);
    expect(entries(cacheDir)).toContain(entry);
    // The two used in turn: each compiles from its own entry and writes nothing.
    const both = entries(cacheDir).map((name) => [name, fs.statSync(path.join(cacheDir, name)).mtimeMs]);
    expect(load(cacheDir, first)).toEqual({ used: cacheDir, value: 8 });
    expect(load(cacheDir, second)).toEqual({ used: cacheDir, value: 9 });
    expect(entries(cacheDir).map((name) => [name, fs.statSync(path.join(cacheDir, name)).mtimeMs])).toEqual(both);
    // Past three installs the oldest entry goes (an upgrade, an install no longer used).
    fs.utimesSync(path.join(cacheDir, entry!), new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(load(cacheDir, install(tempDir(), 3))).toEqual({ used: cacheDir, value: 10 });
    expect(entries(cacheDir)).toHaveLength(3);
    expect(load(cacheDir, install(tempDir(), 4))).toEqual({ used: cacheDir, value: 11 });
    expect(entries(cacheDir)).toHaveLength(3);
    expect(entries(cacheDir)).not.toContain(entry);
  });

  it('removes the temp files of runs killed while storing an entry, once they are old', () => {
    const cacheDir = path.join(tempDir(), 'cache');
    fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
    const stale = path.join(cacheDir, 'abc-def.v8cache.123-1.tmp');
    const recent = path.join(cacheDir, 'abc-def.v8cache.124-1.tmp');
    for (const file of [stale, recent]) fs.writeFileSync(file, 'x');
    fs.utimesSync(stale, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(load(cacheDir, install(tempDir(), 1))).toEqual({ used: cacheDir, value: 8 });
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
  });

  it('is not used in a directory others can write to', () => {
    const cacheDir = path.join(tempDir(), 'shared');
    fs.mkdirSync(cacheDir, { mode: 0o777 });
    fs.chmodSync(cacheDir, 0o777);
    expect(load(cacheDir, install(tempDir(), 1))).toEqual({ used: null, value: 8 });
    expect(entries(cacheDir)).toEqual([]);
  });
});
