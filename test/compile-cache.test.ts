// The V8 code cache the CLI keeps for the big CommonJS dependencies on Node < 22.1 (lib/compileCache.ts): used
// again by the next run, one entry per module whatever the install, and only in a directory private to the user.
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
    // Another install of the same package (an upgrade, another project) replaces it, and an entry named the old way goes.
    fs.writeFileSync(path.join(cacheDir, 'oldname.v8cache'), 'x');
    expect(load(cacheDir, install(tempDir(), 2))).toEqual({ used: cacheDir, value: 9 });
    expect(entries(cacheDir)).toHaveLength(1);
    expect(entries(cacheDir)).not.toEqual([entry]);
  });

  it('is not used in a directory others can write to', () => {
    const cacheDir = path.join(tempDir(), 'shared');
    fs.mkdirSync(cacheDir, { mode: 0o777 });
    fs.chmodSync(cacheDir, 0o777);
    expect(load(cacheDir, install(tempDir(), 1))).toEqual({ used: null, value: 8 });
    expect(entries(cacheDir)).toEqual([]);
  });
});
