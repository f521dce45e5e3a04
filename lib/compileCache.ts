/**
 * A V8 code cache for the big CommonJS dependencies (the TypeScript compiler bundled by ts-morph is
 * 9 MB of JavaScript): compiling it costs a few hundred milliseconds on every run, which is a large
 * share of an audit. Node >= 22.1 has `module.enableCompileCache()`; on Node 20 the CLI does the same
 * for modules above `MIN_BYTES`: compile with the cached data of the last run, and at exit store
 * fresh data (taken after the run, so it holds the functions the run compiled lazily) when there was
 * none or V8 rejected it (another Node version, other V8 flags, a changed file).
 *
 * The cache lives in a directory only this user can write (`<tmpdir>/mcp-mrtr-codemod-cache-<uid>`,
 * mode 0700, ownership checked): V8 trusts cached data, so nobody else may be able to plant it. It holds
 * an entry per module (by its path inside its package) and install, the newest few per module: two installs used in
 * turn (two checkouts, a global and a local one) do not compile the compiler again at every turn.
 * `MCP_MRTR_NO_COMPILE_CACHE=1` (or Node's own `NODE_DISABLE_COMPILE_CACHE=1`) turns it off.
 * Any failure leaves ordinary compilation in place: the cache only ever makes a run faster.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { threadId } from 'node:worker_threads';

const MIN_BYTES = 256 * 1024;

interface CjsModule {
  exports: unknown;
  require(id: string): unknown;
  _compile(content: string, filename: string, ...rest: unknown[]): unknown;
}

interface CjsModuleClass {
  prototype: CjsModule;
  wrap(content: string): string;
  enableCompileCache?: (dir?: string) => unknown;
  _resolveFilename(request: string, parent: CjsModule, isMain: boolean, options?: unknown): string;
  _cache: Record<string, unknown>;
  _extensions: Record<string, unknown>;
}

let enabled: { dir: string | undefined } | undefined;

/** The directory of the cache when this thread turned it on (the v1 step's worker thread then turns it on too). */
export function compileCacheDir(): string | undefined {
  return enabled?.dir;
}

/**
 * Turn the cache on for modules loaded from now on (call before importing ts-morph). Returns the directory used, or
 * undefined. Once per thread: a later call returns the first one's answer.
 */
export function enableCompileCache(dir = defaultCacheDir()): string | undefined {
  enabled ??= { dir: enableIn(dir) };
  return enabled.dir;
}

function enableIn(dir: string): string | undefined {
  if (process.env.MCP_MRTR_NO_COMPILE_CACHE === '1' || process.env.NODE_DISABLE_COMPILE_CACHE === '1') return undefined;
  try {
    const Module = createRequire(import.meta.url)('node:module') as CjsModuleClass;
    if (!ensurePrivateDir(dir)) return undefined;
    if (typeof Module.enableCompileCache === 'function') {
      Module.enableCompileCache(dir);
      return dir;
    }
    installHook(Module, dir);
    return dir;
  } catch {
    return undefined;
  }
}

function defaultCacheDir(): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return path.join(os.tmpdir(), `mcp-mrtr-codemod-cache-${uid}`);
}

/** Create the directory private to this user, or accept it only when it already is. */
function ensurePrivateDir(dir: string): boolean {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory()) return false;
  if (typeof process.getuid === 'function' && (stat.uid !== process.getuid() || (stat.mode & 0o022) !== 0))
    return false;
  return true;
}

function installHook(Module: CjsModuleClass, dir: string): void {
  const original = Module.prototype._compile;
  const pending: Array<{ script: vm.Script; file: string }> = [];
  Module.prototype._compile = function compileWithCache(
    this: CjsModule,
    content: string,
    filename: string,
    ...rest: unknown[]
  ) {
    // `rest[0]` is the format on Nodes that can require() ES modules: only plain CommonJS is cached.
    if (content.length < MIN_BYTES || !path.isAbsolute(filename) || (rest[0] !== undefined && rest[0] !== 'commonjs')) {
      return original.call(this, content, filename, ...rest);
    }
    let cacheFile: string;
    let cachedData: Buffer | undefined;
    try {
      const stat = fs.statSync(filename);
      const key = `${process.version}-${process.arch}-${stat.size}-${Math.trunc(stat.mtimeMs)}-${filename}`;
      // The module's part first: a new entry for it (another install, size, mtime or Node) replaces the older ones.
      cacheFile = path.join(dir, `${hash(moduleIdOf(filename))}-${hash(key)}.v8cache`);
      cachedData = readIfOwned(cacheFile);
    } catch {
      return original.call(this, content, filename, ...rest);
    }
    const script = new vm.Script(Module.wrap(stripShebang(content)), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected === true) pending.push({ script, file: cacheFile });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    // What Node's own wrapper passes: a require bound to this module (parent links, relative resolution).
    const require = Object.assign((id: string) => this.require(id), {
      resolve: (request: string, options?: unknown) => Module._resolveFilename(request, this, false, options),
      main: mainModule(),
      cache: Module._cache,
      extensions: Module._extensions,
    });
    return wrapper.call(this.exports, this.exports, require, this, filename, path.dirname(filename));
  };
  process.once('exit', () => {
    for (const { script, file } of pending) {
      try {
        // The pid and the thread: the v1 step's worker thread shares the pid and may store the same file.
        const temp = `${file}.${process.pid}-${threadId}.tmp`;
        fs.writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(temp, file);
        removeOlderEntries(file);
      } catch {
        // a cache that cannot be written only means the next run compiles again
      }
    }
  });
}

/** A module by its path inside its package folder (`@ts-morph/common/dist/typescript.js`), the same for every install. */
function moduleIdOf(filename: string): string {
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = filename.lastIndexOf(marker);
  return at === -1 ? filename : filename.slice(at + marker.length);
}

/** How many entries of one module are kept: installs used in turn (two checkouts, a global and a local one) each keep theirs. */
const ENTRIES_PER_MODULE = 3;
/** A temp file older than this was left by a process killed while it stored an entry. */
const STALE_TEMP_MS = 10 * 60 * 1000;

/**
 * The entries of the same module beyond the newest `ENTRIES_PER_MODULE` (an upgrade, another Node, an install no longer
 * used): without this the directory grew by a few megabytes with every install of the tool. Entries named the old way
 * (no module part) go too, and so do temp files of killed runs.
 */
function removeOlderEntries(file: string): void {
  const dir = path.dirname(file);
  const name = path.basename(file);
  const module = name.slice(0, name.indexOf('-') + 1);
  const now = Date.now();
  const same: Array<{ name: string; mtimeMs: number }> = [];
  for (const other of fs.readdirSync(dir)) {
    if (other === name) continue;
    if (other.endsWith('.tmp')) {
      if (now - mtimeOf(path.join(dir, other)) > STALE_TEMP_MS) removeQuietly(path.join(dir, other));
    } else if (other.endsWith('.v8cache')) {
      if (!other.includes('-')) removeQuietly(path.join(dir, other));
      else if (other.startsWith(module)) same.push({ name: other, mtimeMs: mtimeOf(path.join(dir, other)) });
    }
  }
  same.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const older of same.slice(ENTRIES_PER_MODULE - 1)) removeQuietly(path.join(dir, older.name));
}

function mtimeOf(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}

function removeQuietly(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch {
    // another process may have removed it first
  }
}

function mainModule(): unknown {
  return (process as { mainModule?: unknown }).mainModule;
}

function readIfOwned(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const stat = fs.fstatSync(fd);
    if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return undefined;
    return fs.readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function stripShebang(content: string): string {
  return content.startsWith('#!') ? content.replace(/^#![^\n]*/, '') : content;
}

/** FNV-1a, 52 bits in base 36: a short, stable file name for a cache key. */
function hash(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) h = BigInt.asUintN(64, (h ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n);
  return (h & ((1n << 52n) - 1n)).toString(36);
}
