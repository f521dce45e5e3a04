#!/usr/bin/env node
// Benchmark: our audit (`mcp-mrtr-codemod --dry-run`) against the official v1->v2 codemod's dry run.
//
//   node bench/run.mjs [--strict] [--runs N] [--files N] [--seed N] [--no-official] [--cli PATH]
//
// 1. Regenerates .bench/tree-<N>/ (default 3000 files) deterministically from a seeded PRNG: a
//    monorepo of ordinary TypeScript where 1% of the files are MCP servers on the v1 SDK whose asks
//    live in helpers, and 2% hold look-alikes (`request(`, `createMessage(`, `listRoots(` on other objects).
// 2. Runs each tool as a child process: wall time from spawn to exit, peak RSS from the child itself
//    (bench/peak-rss.cjs is preloaded with --require and writes VmHWM / getrusage maxRSS at exit).
// 3. Prints a table and PASS/FAIL per target. Exit code 0 unless --strict and a target failed or
//    could not be measured.

import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTree } from './generate-tree.mjs';
import { PEAK_RSS_PRELOAD, listSources, measure, treeFingerprint } from './measure.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_CLI = path.join(REPO, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const TARGETS = { maxSeconds: 3, maxRssMb: 400, minSpeedup: 5 };

function parseArgs(argv) {
  const opts = { strict: false, runs: 3, files: 3000, seed: 20260728, official: true, cli: DEFAULT_CLI };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => Number(inline ?? argv[++i]);
    if (flag === '--strict') opts.strict = true;
    else if (flag === '--no-official') opts.official = false;
    else if (flag === '--runs') opts.runs = value();
    else if (flag === '--files') opts.files = value();
    else if (flag === '--seed') opts.seed = value();
    else if (flag === '--cli') opts.cli = path.resolve(inline ?? argv[++i]);
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: node bench/run.mjs [--strict] [--runs N] [--files N] [--seed N] [--no-official] [--cli PATH]');
      process.exit(0);
    } else {
      console.error(`bench: unknown option ${argv[i]}`);
      process.exit(2);
    }
  }
  for (const key of ['runs', 'files', 'seed']) {
    if (!Number.isInteger(opts[key]) || opts[key] < 1) {
      console.error(`bench: --${key} needs a positive integer`);
      process.exit(2);
    }
  }
  if (opts.files < 500) {
    console.error('bench: --files must be at least 500 (the tree holds 30 MCP files and look-alikes)');
    process.exit(2);
  }
  return opts;
}

function resolveOfficialBin() {
  const dir = path.join(REPO, 'node_modules', '@modelcontextprotocol', 'codemod');
  const pkgFile = path.join(dir, 'package.json');
  if (!existsSync(pkgFile)) return null;
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.['mcp-codemod'];
  return bin ? { version: pkg.version, cli: path.join(dir, bin) } : null;
}

/** Our report, when stdout is one: totals and sites (schema may still move, so read defensively). */
function parseOurReport(stdout) {
  try {
    const report = JSON.parse(stdout);
    if (!report || typeof report !== 'object' || !report.totals) return null;
    return report;
  } catch {
    return null;
  }
}

const opts = parseArgs(process.argv.slice(2));
const rel = (p) => path.relative(REPO, p) || '.';
const treeDir = path.join(REPO, '.bench', `tree-${opts.files}`);
const examplesDir = path.join(REPO, 'examples');

console.log(
  `mcp-mrtr-codemod bench  (node ${process.version}, ${os.platform()}/${os.arch()}, ${os.cpus().length} CPUs, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
    `load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`,
);
const t0 = process.hrtime.bigint();
const tree = generateTree(treeDir, opts.files, opts.seed);
const genS = Number(process.hrtime.bigint() - t0) / 1e9;
const byKind = tree.sites.reduce((acc, s) => ((acc[s.kind] = (acc[s.kind] ?? 0) + 1), acc), {});
console.log(
  `tree: ${rel(treeDir)}  ${tree.files} files, ${tree.lines} lines, ${tree.mcpFiles} MCP files (v1 SDK), ${tree.lookalikeFiles} look-alike files; ` +
    `${tree.sites.length} push-style sites (${Object.entries(byKind).map(([k, v]) => `${k} ${v}`).join(', ')}); seed ${opts.seed}, fingerprint ${tree.fingerprint}, generated in ${genS.toFixed(2)} s` +
    (tree.gitInit ? '' : ' (git init failed: tree is not its own repo root)'),
);
console.log(`peak RSS: node --require ./${rel(PEAK_RSS_PRELOAD)} (VmHWM / getrusage maxRSS of the tool's process at exit); wall: spawn to exit, median of ${opts.runs} run(s)\n`);

const official = resolveOfficialBin();
const ourBuilt = existsSync(opts.cli);
const rows = [];

async function runRow({ target, dir, tool, args, kind }) {
  const files = listSources(dir).length;
  const row = { target, tool, files, kind, command: `node ${args.map((a) => (path.isAbsolute(a) ? rel(a) : a)).join(' ')}` };
  const before = treeFingerprint(dir);
  const result = await measure(args, { runs: opts.runs, cwd: REPO });
  const after = treeFingerprint(dir);
  Object.assign(row, { wallS: result.wallS, rssKb: result.rssKb, cpuS: result.cpuS, rssSource: result.rssSource, code: result.code, signal: result.signal });
  row.wroteFiles = before !== after;
  if (kind === 'ours') {
    row.report = parseOurReport(result.stdout);
    row.ok = row.report !== null && result.signal === null;
  } else {
    row.ok = result.signal === null && (result.code === 0 || result.code === 1) && result.stdout.includes('@modelcontextprotocol/codemod');
    const changes = /Changes: (\d+) across (\d+) file/.exec(result.stdout);
    const markers = /(\d+) location\(s\) marked/.exec(result.stdout);
    row.note = `${changes ? `${changes[1]} changes in ${changes[2]} files` : 'no changes'}${markers ? `, ${markers[1]} error markers` : ''}, exit ${result.code}`;
  }
  if (!row.ok) {
    const output = (result.stderr || result.stdout).trim().split('\n');
    const errorLine = output.find((l) => /^\w*Error\b|^error\b/i.test(l.trim())) ?? output.slice(-2).join(' | ');
    row.note = `FAILED (exit ${result.code}${result.signal ? `, ${result.signal}` : ''}): ${errorLine.trim().slice(0, 300) || 'no output'}`;
  }
  rows.push(row);
  return row;
}

const ourArgs = (dir) => [opts.cli, '--dry-run', '--report', 'json', '--quiet', dir];

let ourTree = null;
if (ourBuilt) ourTree = await runRow({ target: rel(treeDir), dir: treeDir, tool: 'mcp-mrtr-codemod', kind: 'ours', args: ourArgs(treeDir) });
else rows.push({ target: rel(treeDir), tool: 'mcp-mrtr-codemod', files: listSources(treeDir).length, notBuilt: true });

let officialTree = null;
if (!opts.official) rows.push({ target: rel(treeDir), tool: 'official codemod', files: tree.files, skipped: 'skipped (--no-official)' });
else if (!official) rows.push({ target: rel(treeDir), tool: 'official codemod', files: tree.files, skipped: 'not installed' });
else {
  officialTree = await runRow({
    target: rel(treeDir),
    dir: treeDir,
    tool: `official codemod ${official.version}`,
    kind: 'official',
    args: [official.cli, 'v1-to-v2', '--dry-run', treeDir],
  });
}

if (ourBuilt) await runRow({ target: 'examples/', dir: examplesDir, tool: 'mcp-mrtr-codemod', kind: 'ours', args: ourArgs(examplesDir) });
else rows.push({ target: 'examples/', tool: 'mcp-mrtr-codemod', files: listSources(examplesDir).length, notBuilt: true });


const speedup = ourTree?.ok && officialTree?.ok ? officialTree.wallS / ourTree.wallS : null;
const rssRatio = ourTree?.ok && officialTree?.ok && ourTree.rssKb && officialTree.rssKb ? officialTree.rssKb / ourTree.rssKb : null;
const fmt = (v, digits) => (v == null ? '-' : v.toFixed(digits));
const header = ['target', 'tool', 'files', 'wall s', 'files/s', 'peak RSS MB', 'official/ours'];
const table = rows.map((r) => {
  if (r.notBuilt) return [r.target, r.tool, String(r.files), 'not built', '-', '-', '-'];
  if (r.skipped) return [r.target, r.tool, String(r.files), r.skipped, '-', '-', '-'];
  const ratio = r === ourTree && speedup != null ? `${speedup.toFixed(1)}x time, ${rssRatio != null ? `${rssRatio.toFixed(1)}x RSS` : '- RSS'}` : '-';
  return [r.target, r.tool, String(r.files), fmt(r.wallS, 2) + (r.ok ? '' : ' (failed)'), r.wallS ? fmt(r.files / r.wallS, 0) : '-', r.rssKb ? fmt(r.rssKb / 1024, 0) : '-', ratio];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(row));
console.log('');

for (const r of rows) {
  if (r.command) console.log(`${r.tool} on ${r.target}: ${r.command}`);
  if (r.cpuS != null) console.log(`  cpu (user+sys) ${r.cpuS.toFixed(2)} s, wall ${r.wallS.toFixed(2)} s`);
  if (r.note) console.log(`  ${r.note}`);
  if (r.rssSource && r.rssSource !== 'VmHWM at exit') console.log(`  peak RSS source: ${r.rssSource}`);
  if (r.wroteFiles) console.log('  WARNING: the dry run changed files in the target');
  if (r.report) {
    const t = r.report.totals;
    const expected = r === ourTree ? ` (generator planted ${tree.sites.length})` : '';
    console.log(`  report: ${t.files ?? '?'} files, ${t.filesParsed ?? '?'} parsed, ${t.sites ?? '?'} sites${expected}`);
  }
}
console.log('');


const checks = [];
const check = (name, measured, pass) => checks.push({ name, measured, status: pass === null ? 'SKIP' : pass ? 'PASS' : 'FAIL' });
const ourOk = ourTree?.ok ?? false;
const why = ourBuilt ? 'our audit failed' : 'not built';
check(`our audit of ${tree.files} files < ${TARGETS.maxSeconds} s`, ourOk ? `${ourTree.wallS.toFixed(2)} s` : why, ourOk ? ourTree.wallS < TARGETS.maxSeconds : ourBuilt ? false : null);
check(
  `our audit of ${tree.files} files < ${TARGETS.maxRssMb} MB peak RSS`,
  ourOk && ourTree.rssKb ? `${(ourTree.rssKb / 1024).toFixed(0)} MB` : why,
  ourOk && ourTree.rssKb ? ourTree.rssKb / 1024 < TARGETS.maxRssMb : ourBuilt ? false : null,
);
check(
  `our audit >= ${TARGETS.minSpeedup}x faster than the official dry run`,
  speedup != null ? `${speedup.toFixed(1)}x` : !ourBuilt ? why : !officialTree?.ok ? 'official run unavailable' : why,
  speedup != null ? speedup >= TARGETS.minSpeedup : ourBuilt && officialTree?.ok ? false : null,
);
check(
  'dry runs wrote nothing',
  rows.some((r) => r.wroteFiles) ? rows.filter((r) => r.wroteFiles).map((r) => `${r.tool} on ${r.target}`).join(', ') : 'unchanged',
  !rows.some((r) => r.wroteFiles),
);
for (const c of checks) console.log(`${c.status.padEnd(4)}  ${c.name}: ${c.measured}`);

const failed = checks.some((c) => c.status !== 'PASS');
if (opts.strict && failed) {
  console.log('\n--strict: a target failed or could not be measured');
  process.exitCode = 1;
}
