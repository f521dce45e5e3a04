#!/usr/bin/env node
// The real-world suite's end-to-end mode: migrated servers built, started and served in both eras.
//
//   npm run realworld:e2e -- --mirrors DIR --work DIR [--only owner/name[:root],...] [--json FILE] [--cli PATH]
//   npm run realworld:e2e -- --from run1.json,run2.json [--json FILE]   (the table of saved runs, the later row wins)
//
// For each target of realworld/e2e.json (a repository of repos.json, or one package of it): install it from the
// npm registry (once; reruns reuse the installed pristine copy), type-check it with its own typescript and
// tsconfig, migrate a copy with our CLI (JSON report kept), install again, type-check again, build both, start
// both over stdio and serve them to the v2 client in the 2025 era and in 2026-07-28, calling each tool our report
// rewrote with scripted answers; `prettier --check` on the changed files before and after. Needs the network and
// minutes per repository: not part of `npm test` or CI. Prints one row per target, a table and one summary line.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTarget } from './e2e/target.mjs';
import { summaryLine, tableOf, findingsOf } from './e2e/table.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');
const MIN_FREE_GB = 15;

function parseArgs(argv) {
  const opts = {
    mirrors: '/work/.mirror',
    work: '/work/rw-e2e',
    cli: path.join(REPO, 'dist', 'bin', 'mcp-mrtr-codemod.js'),
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => argv[++i];
    if (flag === '--mirrors') opts.mirrors = path.resolve(value());
    else if (flag === '--work') opts.work = path.resolve(value());
    else if (flag === '--only') opts.only = value().split(',');
    else if (flag === '--json') opts.json = path.resolve(value());
    else if (flag === '--cli') opts.cli = path.resolve(value());
    else if (flag === '--from') opts.from = value().split(',');
    else {
      console.error(
        'usage: node realworld/e2e.mjs --mirrors DIR --work DIR [--only owner/name[:root],...] [--json FILE] [--cli PATH]',
      );
      process.exit(2);
    }
  }
  return opts;
}

const nameOf = (target) => (target.root ? `${target.repo}:${target.root}` : target.repo);

function freeGb(dir) {
  const out = execFileSync('df', ['-Pk', dir], { encoding: 'utf8' }).trim().split('\n').at(-1).split(/\s+/);
  return Number(out[3]) / 1024 / 1024;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const repos = JSON.parse(readFileSync(path.join(HERE, 'repos.json'), 'utf8'));
  const targets = JSON.parse(readFileSync(path.join(HERE, 'e2e.json'), 'utf8')).filter(
    (t) => !opts.only || opts.only.includes(t.repo) || opts.only.includes(nameOf(t)),
  );
  const rows = opts.from ? savedRows(opts.from, targets) : await runTargets(targets, repos, opts);
  if (opts.json) writeFileSync(opts.json, JSON.stringify(rows, null, 2) + '\n');
  console.log(tableOf(rows));
  console.log('');
  console.log(findingsOf(rows));
  console.log('');
  console.log(summaryLine(rows));
}

/** The rows of saved JSON runs, in the order of e2e.json; a target measured twice keeps its later row. */
function savedRows(files, targets) {
  const byName = new Map();
  for (const file of files)
    for (const row of JSON.parse(readFileSync(file, 'utf8')))
      byName.set(nameOf({ repo: row.repo, root: row.root === '.' ? undefined : row.root }), row);
  return targets.map((t) => byName.get(nameOf(t))).filter(Boolean);
}

async function runTargets(targets, repos, opts) {
  execFileSync('mkdir', ['-p', opts.work]);
  const rows = [];
  for (const target of targets) {
    const entry = repos.find((r) => r.repo === target.repo);
    if (!entry) throw new Error(`${target.repo} is not in repos.json`);
    if (freeGb(opts.work) < MIN_FREE_GB) {
      rows.push({ repo: target.repo, root: target.root ?? '.', sdk: entry.sdk, status: 'skipped: disk' });
      continue;
    }
    const t0 = Date.now();
    let row;
    try {
      row = await runTarget(target, entry, opts);
    } catch (err) {
      row = { repo: target.repo, root: target.root ?? '.', sdk: entry.sdk, status: 'harness error', reason: err.stack };
    }
    row.seconds = (Date.now() - t0) / 1000;
    rows.push(row);
    console.error(
      `${nameOf(target)}: ${row.status}${row.reason ? ` (${String(row.reason).split('\n')[0]})` : ''} in ${row.seconds.toFixed(0)} s`,
    );
  }
  return rows;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
