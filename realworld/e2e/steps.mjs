// The shell steps of the end-to-end mode (realworld/e2e.mjs): extract and install a repository once (the pristine
// copy), copy it for the migration, run the project's own tsc, prettier and build, and read `git diff`. Every step
// returns data (exit status, time, the lines that matter); nothing here prints.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { extract } from '../snapshot.mjs';
import { makeStandalone } from './standalone.mjs';

export const INSTALL_TIMEOUT_MS = 15 * 60 * 1000;
const STEP_TIMEOUT_MS = 10 * 60 * 1000;
const STAMP = '.mrtr-e2e-installed';

/** Runs a command; returns `{ status, seconds, stdout, stderr, timedOut }` (status null on timeout or spawn error). */
export function run(command, args, { cwd, env, timeout = STEP_TIMEOUT_MS, input } = {}) {
  const t0 = Date.now();
  const r = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    timeout,
    input,
  });
  return {
    status: r.status,
    seconds: (Date.now() - t0) / 1000,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? String(r.error ?? ''),
    timedOut: r.error?.code === 'ETIMEDOUT' || r.signal === 'SIGTERM',
  };
}

const git = (cwd, ...args) => run('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@localhost', ...args], { cwd });

/** The lock files a folder has (which package manager the project was written for). */
export function locksOf(dir) {
  return ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb'].filter(
    (f) => existsSync(path.join(dir, f)),
  );
}

/**
 * `npm ci` when an npm lock is present (then `npm install` when the lock is out of date), else `npm install`; then
 * `npm install --legacy-peer-deps` when npm refuses the tree's peer ranges (ERESOLVE), as its message advises; scripts
 * off (no postinstall of unknown code).
 */
export function npmInstall(dir, { fresh = true } = {}) {
  const hasLock = locksOf(dir).some((f) => f === 'package-lock.json' || f === 'npm-shrinkwrap.json');
  const once = (verb, ...flags) => {
    const r = run('npm', [verb, ...flags, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      timeout: INSTALL_TIMEOUT_MS,
    });
    const errors = `${r.stderr}\n${r.stdout}`
      .split('\n')
      .filter((l) => /^npm (error|ERR!)/.test(l) && !/complete log|^npm (error|ERR!)\s*$/.test(l));
    const reason = r.timedOut ? 'timeout' : errors.slice(0, 2).join(' ').replace(/\s+/g, ' ').slice(0, 240);
    return {
      ok: r.status === 0,
      verb: [verb, ...flags].join(' '),
      seconds: r.seconds,
      reason: r.status === 0 ? undefined : reason,
    };
  };
  // A peer range the tree does not meet (ERESOLVE): what npm's own message tells the user to do.
  const peers = (result) => {
    if (result.ok || !/ERESOLVE/.test(result.reason ?? '')) return result;
    const retried = once('install', '--legacy-peer-deps');
    return { ...retried, seconds: result.seconds + retried.seconds, verb: `${result.verb}, then ${retried.verb}` };
  };
  const first = once(fresh && hasLock ? 'ci' : 'install');
  if (first.ok || /E404|timeout/.test(first.reason)) return first;
  if (first.verb === 'install') return peers(first);
  const second = peers(once('install'));
  return { ...second, seconds: first.seconds + second.seconds, verb: `ci, then ${second.verb}` };
}

/**
 * The pristine copy: the pinned commit extracted into `<dir>`, its package made standalone when it is a monorepo's
 * (`workspace:` and `catalog:` dependencies: see standalone.mjs; that is part of the snapshot's commit), committed in
 * a fresh git repository, and installed in `installDir` (relative to it). A stamp names the commit and the install's
 * outcome, so reruns reuse a successful install.
 */
export function preparePristine(gitDir, commit, dir, installDir) {
  const stamp = path.join(dir, STAMP);
  if (existsSync(stamp)) {
    const saved = JSON.parse(readFileSync(stamp, 'utf8'));
    if (saved.commit === commit && saved.installDir === installDir && saved.install?.ok) {
      commitInstall(dir);
      return { ...saved.install, reused: true };
    }
  }
  rmSync(dir, { recursive: true, force: true });
  extract(gitDir, commit, dir);
  const standalone = makeStandalone(dir, installDir);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', `snapshot ${commit}`);
  const install = { ...npmInstall(path.join(dir, installDir)), ...(standalone.length > 0 ? { standalone } : {}) };
  writeFileSync(stamp, JSON.stringify({ commit, installDir, install }));
  commitInstall(dir);
  return { ...install, reused: false };
}

/**
 * What the install wrote into the tree (a lockfile npm made where the project has none, or a yarn.lock it rewrote)
 * is committed, as a user who installed would: the CLI refuses a dirty work tree. The stamp and node_modules are
 * never part of the project.
 */
function commitInstall(dir) {
  const exclude = path.join(dir, '.git', 'info', 'exclude');
  const excluded = existsSync(exclude) ? readFileSync(exclude, 'utf8').split('\n') : [];
  const missing = [STAMP, 'node_modules/'].filter((line) => !excluded.includes(line));
  if (missing.length > 0) writeFileSync(exclude, `${missing.join('\n')}\n`, { flag: 'a' });
  git(dir, 'add', '-A');
  const staged = spawnSync('git', ['diff', '--cached', '--quiet'], { cwd: dir });
  if (staged.status === 1) git(dir, 'commit', '-q', '-m', 'install');
}

/** A fresh copy of the pristine folder (node_modules and .git included) at `dest`. */
export function copyTree(src, dest) {
  rmSync(dest, { recursive: true, force: true });
  cpSync(src, dest, { recursive: true, verbatimSymlinks: true });
}

/** The committed tree of `src` only (no node_modules, no .git), at `dest`: for the official codemod's run alone. */
export function exportTree(src, dest) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const r = spawnSync('sh', ['-c', `git archive HEAD | tar -x -C '${dest}'`], { cwd: src, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git archive failed: ${r.stderr.trim()}`);
}

const TSC_LINE = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;

/**
 * The project's own `tsc --noEmit -p <tsconfig>` (its installed typescript), run in `cwd`. Errors as
 * `{ file, line, code, message }` with the file relative to `repoDir`; `ran: false` when there is no typescript.
 */
export function typeCheck(cwd, tsconfig, repoDir) {
  const tsc = resolveBin(cwd, 'typescript', 'bin/tsc');
  if (!tsc) return { ran: false, reason: 'no typescript installed', errors: [] };
  const r = run(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', tsconfig], { cwd });
  const errors = [];
  let last;
  for (const raw of r.stdout.split('\n')) {
    const m = TSC_LINE.exec(raw.trimEnd());
    if (m) {
      const file = path.relative(repoDir, path.resolve(cwd, m[1])).split(path.sep).join('/');
      last = { file, line: Number(m[2]), code: m[4], message: m[5], head: m[5] };
      errors.push(last);
    } else if (last && raw.startsWith('  ')) last.message += ' ' + raw.trim();
    else if (/error TS\d+/.test(raw)) errors.push({ file: '', line: 0, code: /TS\d+/.exec(raw)[0], message: raw });
  }
  return { ran: true, status: r.status, seconds: r.seconds, timedOut: r.timedOut, errors };
}

/** A package's file as it resolves from `dir` upwards (`node_modules/<name>/<file>`), or undefined. */
export function resolveBin(dir, name, file) {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const candidate = path.join(current, 'node_modules', name, file);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

/** Prettier's `--check` with the project's own prettier and config, on `files` (relative to `dir`): failing files. */
export function prettierCheck(dir, files) {
  const bin = resolveBin(dir, 'prettier', 'bin/prettier.cjs') ?? resolveBin(dir, 'prettier', 'bin-prettier.js');
  const present = files.filter((f) => existsSync(path.join(dir, f)));
  if (!bin) return { ran: false, failing: [] };
  if (present.length === 0) return { ran: true, failing: [] };
  const r = run(process.execPath, [bin, '--check', ...present], { cwd: dir });
  const failing = `${r.stdout}\n${r.stderr}`
    .split('\n')
    .map((l) => /^\[warn\] (.+)$/.exec(l.trim())?.[1])
    .filter((f) => f && present.includes(f));
  return { ran: true, failing };
}

/** `git diff --numstat` of the work tree against HEAD: per file `{ file, added, removed }`. */
export function diffOf(dir) {
  git(dir, 'add', '-A', '-N');
  const numstat = git(dir, 'diff', '--numstat', 'HEAD').stdout;
  const files = numstat
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [added, removed, file] = l.split('\t');
      return { file, added: Number(added) || 0, removed: Number(removed) || 0 };
    });
  return { files };
}

/** Lines added or removed between two versions of one file (`git diff --no-index`), 0 when equal. */
export function changedLines(a, b) {
  if (!existsSync(a) || !existsSync(b)) return undefined;
  const r = run('git', ['diff', '--no-index', '--numstat', a, b]);
  const [added, removed] = r.stdout.trim().split('\t');
  return (Number(added) || 0) + (Number(removed) || 0);
}

/** `npm run build` when the package has a build script. */
export function build(dir) {
  const pkg = readPackage(dir);
  if (!pkg?.scripts?.build) return { ran: false };
  const r = run('npm', ['run', 'build', '--silent'], { cwd: dir });
  const tail = `${r.stderr}\n${r.stdout}`.trim().split('\n').filter(Boolean).slice(-1)[0];
  return { ran: true, ok: r.status === 0, seconds: r.seconds, reason: r.status === 0 ? undefined : tail };
}

export function readPackage(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
}
