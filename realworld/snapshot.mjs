// A pinned commit of a fetched snapshot (a bare git directory), written out as a plain folder. Shared by the
// real-world suite (realworld/run.mjs) and the benchmark's real-repository rows (bench/realworld.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const TIMEOUT_MS = 10 * 60 * 1000;

export const slug = (repo) => repo.replace('/', '+');

/** The bare git directory of `repo` under `mirrors` (`<owner>+<name>/repo`, or the folder itself), or undefined. */
export function mirrorOf(mirrors, repo) {
  for (const candidate of [path.join(mirrors, slug(repo), 'repo'), path.join(mirrors, slug(repo))]) {
    if (existsSync(path.join(candidate, 'HEAD'))) return candidate;
  }
  return undefined;
}

/**
 * Extracts the pinned commit of a bare mirror into `dir` (a fresh temporary folder when not given), blob by blob
 * through `git cat-file --batch` (snapshots may lack their largest files: those are skipped and counted). The
 * mirror is only read.
 */
export function extract(gitDir, commit, dir = mkdtempSync(path.join(os.tmpdir(), 'mrtr-realworld-'))) {
  const git = (args, input) =>
    spawnSync('git', [`--git-dir=${gitDir}`, ...args], { input, maxBuffer: 2 ** 30, timeout: TIMEOUT_MS });
  const tree = git(['ls-tree', '-r', '-z', commit]);
  if (tree.status !== 0) throw new Error(`git ls-tree ${commit} failed: ${String(tree.stderr).trim().split('\n')[0]}`);
  const entries = String(tree.stdout)
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, file] = line.split('\t');
      const [mode, type, sha] = meta.split(' ');
      return { mode, type, sha, file };
    })
    .filter((e) => e.type === 'blob');
  const batch = git(['cat-file', '--batch'], entries.map((e) => e.sha).join('\n') + '\n');
  if (batch.status !== 0) throw new Error(`git cat-file failed: ${String(batch.stderr).trim()}`);
  const out = batch.stdout;
  let at = 0;
  let absent = 0;
  for (const e of entries) {
    const eol = out.indexOf(0x0a, at);
    const header = out.subarray(at, eol).toString('utf8').split(' ');
    at = eol + 1;
    if (header[1] === 'missing') {
      absent++;
      continue;
    }
    const size = Number(header[2]);
    const content = out.subarray(at, at + size);
    at += size + 1;
    const dest = path.join(dir, e.file);
    mkdirSync(path.dirname(dest), { recursive: true });
    if (e.mode === '120000') symlinkSync(content.toString('utf8'), dest);
    else writeFileSync(dest, content);
  }
  return { dir, files: entries.length - absent, absent };
}

/**
 * The pinned commit extracted once into `dir` and kept (a stamp file names the commit): later calls with the same
 * commit reuse it. For the benchmark, which runs every tool several times on the same files.
 */
export function extractCached(gitDir, commit, dir) {
  const stamp = path.join(dir, '.mrtr-snapshot');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === commit) return { dir, cached: true };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const result = extract(gitDir, commit, dir);
  writeFileSync(stamp, commit);
  return { ...result, cached: false };
}
