#!/usr/bin/env node
// Benchmark: our audit and our migration against the official v1->v2 codemod's dry run and a
// jscodeshift identity transform, over the same files, side by side.
//
//   node bench/run.mjs [--strict] [--runs N] [--files N] [--seed N] [--no-official] [--no-jscodeshift] [--cli PATH]
//                      [--realworld DIR] [--only owner/name,...] [--baseline PATH] [--scaling 5000,20000,50000]
//
// 1. Regenerates .bench/tree-<N>/ (default 5000 files) deterministically from a seeded PRNG: a
//    monorepo of ordinary TypeScript where 1% of the files are MCP servers on the v1 SDK whose asks
//    live in helpers, and 2% hold look-alikes (`request(`, `createMessage(`, `listRoots(` on other objects).
// 2. Runs each tool as a child process over (a) that tree and (b) the bundled examples/ (with, beside our audit,
//    the v1 step alone: bench/v1-step.mjs runs the official codemod on the v1 files as the audit does): wall time
//    from spawn to exit, peak RSS and CPU time from the processes themselves (bench/peak-rss.cjs is
//    preloaded with --require; jscodeshift's worker processes inherit it and are added up).
//    The migration runs on a fresh copy of the target before every run (the copy is not timed).
// With --realworld DIR (a folder of fetched snapshots, as for `npm run realworld`): (c) every repository of
// realworld/repos.json whose snapshot is there, audit, migration and official dry run (bench/realworld.mjs), and on
// a v1 repository the v1 step alone (`v1 step s`: the floor of any audit running the official codemod, so `official /
// v1 step` bounds `official / audit`); with --baseline PATH (another build's CLI), that build's audit too, run in turn
// with ours and the official one.
// With --scaling SIZES: (d) trees of those sizes with the same MCP code (10 modules), our audit's time and peak RSS
// (and the --baseline build's, run in turn with ours).
// 3. Prints a table and PASS/FAIL per target. Exit code 0 unless --strict and a target failed or
//    could not be measured.

import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTree } from './generate-tree.mjs';
import { PEAK_RSS_PRELOAD, resolveOfficialCli, listSources, measure, treeFingerprint } from './measure.mjs';
import { measureRealworld, realworldTable, realworldTargets } from './realworld.mjs';
import { scalingRows } from './scaling.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_CLI = path.join(REPO, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const JSCODESHIFT = path.join(REPO, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js');
const IDENTITY = path.join(REPO, 'bench', 'identity-transform.cjs');
const V1_STEP = path.join(REPO, 'bench', 'v1-step.mjs');
const TARGETS = {
  auditSeconds: 3,
  auditRssMb: 400,
  minSpeedup: 10,
  migrateSeconds: 10,
  // Real repositories on the v1 SDK: never slower than the official dry run, 2x on their geometric mean.
  realworldMinSpeedup: 1,
  realworldGeomean: 2,
  // Growing the tree from its smallest to its largest scaling size with the same MCP code.
  scalingRssMb: 100,
};

function parseArgs(argv) {
  const opts = {
    strict: false,
    runs: 3,
    files: 5000,
    seed: 20260728,
    official: true,
    jscodeshift: true,
    cli: DEFAULT_CLI,
    baseline: null,
    realworld: null,
    only: null,
    scaling: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => Number(inline ?? argv[++i]);
    if (flag === '--strict') opts.strict = true;
    else if (flag === '--no-official') opts.official = false;
    else if (flag === '--no-jscodeshift') opts.jscodeshift = false;
    else if (flag === '--runs') opts.runs = value();
    else if (flag === '--files') opts.files = value();
    else if (flag === '--seed') opts.seed = value();
    else if (flag === '--cli') opts.cli = path.resolve(inline ?? argv[++i]);
    else if (flag === '--baseline') opts.baseline = path.resolve(inline ?? argv[++i]);
    else if (flag === '--realworld') opts.realworld = path.resolve(inline ?? argv[++i]);
    else if (flag === '--only') opts.only = String(inline ?? argv[++i]).split(',');
    else if (flag === '--scaling')
      opts.scaling = String(inline ?? argv[++i])
        .split(',')
        .map(Number);
    else if (flag === '--help' || flag === '-h') {
      console.log(
        'usage: node bench/run.mjs [--strict] [--runs N] [--files N] [--seed N] [--no-official] [--no-jscodeshift] [--cli PATH]\n' +
          '                          [--realworld DIR] [--only owner/name,...] [--baseline PATH] [--scaling 5000,20000,50000]',
      );
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
  if (opts.scaling && !opts.scaling.every((n) => Number.isInteger(n) && n >= 500)) {
    console.error('bench: --scaling needs sizes of at least 500 files, comma-separated');
    process.exit(2);
  }
  if (opts.baseline && !existsSync(opts.baseline)) {
    console.error(`bench: --baseline ${opts.baseline}: no such file`);
    process.exit(2);
  }
  if (opts.realworld && !existsSync(opts.realworld)) {
    console.error(`bench: --realworld ${opts.realworld}: no such folder`);
    process.exit(2);
  }
  if (opts.files < 500) {
    console.error('bench: --files must be at least 500 (1% of the tree is MCP modules of 5 files, 2% look-alikes)');
    process.exit(2);
  }
  return opts;
}

function jscodeshiftVersion() {
  const pkgFile = path.join(REPO, 'node_modules', 'jscodeshift', 'package.json');
  return existsSync(pkgFile) && existsSync(JSCODESHIFT) ? JSON.parse(readFileSync(pkgFile, 'utf8')).version : null;
}

/** Our report, when stdout is one. */
function parseOurReport(stdout) {
  try {
    const report = JSON.parse(stdout);
    return report && typeof report === 'object' && report.totals ? report : null;
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
    `load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
);
const t0 = process.hrtime.bigint();
const tree = generateTree(treeDir, opts.files, opts.seed);
const genS = Number(process.hrtime.bigint() - t0) / 1e9;
const byKind = tree.sites.reduce((acc, s) => ((acc[s.kind] = (acc[s.kind] ?? 0) + 1), acc), {});
console.log(
  `(a) tree: ${rel(treeDir)}  ${tree.files} files, ${tree.lines} lines, ${tree.mcpFiles} MCP files (v1 SDK), ${tree.lookalikeFiles} look-alike files; ` +
    `${tree.sites.length} push-style sites (${Object.entries(byKind)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}); seed ${opts.seed}, fingerprint ${tree.fingerprint}, generated in ${genS.toFixed(2)} s` +
    (tree.gitInit ? '' : ' (git init failed: tree is not its own repo root)'),
);
console.log(`(b) examples: ${rel(examplesDir)}  ${listSources(examplesDir).length} files`);
console.log(
  `peak RSS: node --require ./${rel(PEAK_RSS_PRELOAD)} (VmHWM at exit, summed over forked worker processes); wall: spawn to exit, median of ${opts.runs} run(s); cpu: user+sys\n`,
);

const official = opts.official ? resolveOfficialCli(REPO) : null;
const jscsVersion = opts.jscodeshift ? jscodeshiftVersion() : null;
const ourBuilt = existsSync(opts.cli);
const rows = [];

/** One tool over one target. `work` is the directory the tool runs on (a fresh copy for the migration). */
async function runRow({ target, dir, tool, kind, args, work = dir, writes = false }) {
  const files = listSources(dir).length;
  const row = {
    target,
    tool,
    files,
    kind,
    command: `node ${args.map((a) => (path.isAbsolute(a) ? rel(a) : a)).join(' ')}`,
  };
  const before = writes ? null : treeFingerprint(dir);
  const fresh = writes
    ? () => {
        rmSync(work, { recursive: true, force: true });
        cpSync(dir, work, { recursive: true });
      }
    : undefined;
  const result = await measure(args, { runs: opts.runs, cwd: REPO, before: fresh });
  Object.assign(row, {
    wallS: result.wallS,
    minWallS: Math.min(...result.runs.map((r) => r.wallS)),
    rssKb: result.rssKb,
    cpuS: result.cpuS,
    rssSource: result.rssSource,
    code: result.code,
    signal: result.signal,
  });
  if (!writes) row.wroteFiles = before !== treeFingerprint(dir);
  if (kind === 'ours') {
    row.report = parseOurReport(result.stdout);
    row.ok = row.report !== null && result.signal === null && (result.code === 0 || result.code === 1);
    if (row.ok && writes)
      row.note = `${row.report.totals.filesChanged} files changed (${row.report.totals.rewritten} sites rewritten, ${row.report.totals.review} marked for review), exit ${result.code}`;
    else if (row.ok)
      row.note = `${row.report.totals.files} files, ${row.report.totals.filesParsed} parsed, ${row.report.totals.sites} sites, exit ${result.code}`;
  } else if (kind === 'step') {
    let step;
    try {
      step = JSON.parse(result.stdout.trim().split('\n').pop() ?? '');
    } catch {
      step = null;
    }
    row.ok = step !== null && result.signal === null && result.code === 0;
    if (row.ok)
      row.note = `${step.v1Files} v1 files, ${step.changed} changed; the codemod's run alone took ${step.runS.toFixed(2)} s of the last run (the rest: Node's start, discovery, loading the compiler)`;
  } else if (kind === 'official') {
    row.ok =
      result.signal === null &&
      (result.code === 0 || result.code === 1) &&
      result.stdout.includes('@modelcontextprotocol/codemod');
    const changes = /Changes: (\d+) across (\d+) file/.exec(result.stdout);
    const markers = /(\d+) location\(s\) marked/.exec(result.stdout);
    row.note = `${changes ? `${changes[1]} changes in ${changes[2]} files` : 'no changes'}${markers ? `, ${markers[1]} error markers` : ''}, exit ${result.code}`;
  } else {
    const summary = /(\d+) errors\s+(\d+) unmodified\s+(\d+) skipped\s+(\d+) ok/.exec(
      result.stdout.replace(/\u001b\[[0-9;]*m/g, ''),
    );
    row.ok = result.signal === null && result.code === 0 && summary !== null;
    if (summary)
      row.note = `${summary[2]} unmodified, ${summary[1]} errors, ${summary[3]} skipped, ${summary[4]} changed; exit ${result.code}`;
  }
  if (!row.ok) {
    const output = (result.stderr || result.stdout).trim().split('\n');
    const errorLine = output.find((l) => /^\w*Error\b|^error\b/i.test(l.trim())) ?? output.slice(-2).join(' | ');
    row.note = `FAILED (exit ${result.code}${result.signal ? `, ${result.signal}` : ''}): ${errorLine.trim().slice(0, 300) || 'no output'}`;
  }
  if (writes) rmSync(work, { recursive: true, force: true });
  rows.push(row);
  return row;
}

function skipRow(target, dir, tool, why) {
  rows.push({ target, tool, files: listSources(dir).length, skipped: why });
  return null;
}

const results = {};
for (const [key, target, dir] of [
  ['tree', rel(treeDir), treeDir],
  ['examples', 'examples/', examplesDir],
]) {
  const work = path.join(REPO, '.bench', `migrate-${key}`);
  const r = (results[key] = {});
  r.audit = ourBuilt
    ? await runRow({
        target,
        dir,
        tool: 'ours: audit (--dry-run)',
        kind: 'ours',
        args: [opts.cli, '--dry-run', '--report', 'json', '--quiet', dir],
      })
    : skipRow(target, dir, 'ours: audit (--dry-run)', 'not built');
  // The audit without the v1->v2 step (the official codemod run in process on the v1 files): the MRTR analysis alone.
  r.auditMrtr = ourBuilt
    ? await runRow({
        target,
        dir,
        tool: 'ours: audit --no-v1-to-v2',
        kind: 'ours',
        args: [opts.cli, '--dry-run', '--no-v1-to-v2', '--report', 'json', '--quiet', dir],
      })
    : skipRow(target, dir, 'ours: audit --no-v1-to-v2', 'not built');
  // The v1 step alone (the official codemod's run on the v1 files, one thread): the default audit's floor.
  r.v1Step = ourBuilt
    ? await runRow({
        target,
        dir,
        tool: 'ours: v1 step alone (1 thread)',
        kind: 'step',
        args: [V1_STEP, path.resolve(path.dirname(opts.cli), '..'), dir],
      })
    : skipRow(target, dir, 'ours: v1 step alone (1 thread)', 'not built');
  r.migrate = ourBuilt
    ? await runRow({
        target,
        dir,
        work,
        writes: true,
        tool: 'ours: migration',
        kind: 'ours',
        args: [opts.cli, '--allow-dirty', '--report', 'json', '--quiet', work],
      })
    : skipRow(target, dir, 'ours: migration', 'not built');
  r.official = official
    ? await runRow({
        target,
        dir,
        tool: `official codemod ${official.version} --dry-run`,
        kind: 'official',
        args: [official.cli, 'v1-to-v2', '--dry-run', dir],
      })
    : skipRow(target, dir, 'official codemod --dry-run', opts.official ? 'not installed' : 'skipped (--no-official)');
  r.jscodeshift = jscsVersion
    ? await runRow({
        target,
        dir,
        tool: `jscodeshift ${jscsVersion} identity --dry`,
        kind: 'jscodeshift',
        args: [
          JSCODESHIFT,
          '-t',
          IDENTITY,
          '--parser=ts',
          '--extensions=ts,tsx,mts,cts,js,jsx,mjs,cjs',
          '--ignore-pattern=**/node_modules/**',
          '--ignore-pattern=**/dist/**',
          '--ignore-pattern=**/*.d.ts',
          '--dry',
          dir,
        ],
      })
    : skipRow(
        target,
        dir,
        'jscodeshift identity --dry',
        opts.jscodeshift ? 'not installed' : 'skipped (--no-jscodeshift)',
      );
}

const fmt = (v, digits) => (v == null ? '-' : v.toFixed(digits));
const ratio = (row, base) => (row?.ok && base?.ok ? `${(row.wallS / base.wallS).toFixed(1)}x` : '-');
const header = ['target', 'tool', 'files', 'wall s', 'best s', 'files/s', 'cpu s', 'peak RSS MB', 'time vs our audit'];
const table = rows.map((r) => {
  if (r.skipped) return [r.target, r.tool, String(r.files), r.skipped, '-', '-', '-', '-', '-'];
  const base = r.target === 'examples/' ? results.examples.audit : results.tree.audit;
  return [
    r.target,
    r.tool,
    String(r.files),
    fmt(r.wallS, 2) + (r.ok ? '' : ' (failed)'),
    fmt(r.minWallS, 2),
    r.wallS ? fmt(r.files / r.wallS, 0) : '-',
    fmt(r.cpuS, 2),
    r.rssKb ? fmt(r.rssKb / 1024, 0) : '-',
    r === base ? '1.0x' : ratio(r, base),
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(row));
console.log('');

for (const r of rows) {
  if (!r.command) continue;
  console.log(`${r.tool} on ${r.target}: ${r.command}`);
  if (r.note) console.log(`  ${r.note}`);
  if (r.rssSource && r.rssSource !== 'VmHWM at exit') console.log(`  peak RSS source: ${r.rssSource}`);
  if (r.wroteFiles) console.log('  WARNING: the dry run changed files in the target');
}
console.log('');

const checks = [];
const check = (name, measured, pass) =>
  checks.push({ name, measured, status: pass === null ? 'SKIP' : pass ? 'PASS' : 'FAIL' });
const { audit, auditMrtr, migrate, official: off } = results.tree;
const why = ourBuilt ? 'failed' : 'not built';
check(
  `audit of (a) ${tree.files} files < ${TARGETS.auditSeconds} s`,
  audit?.ok ? `${audit.wallS.toFixed(2)} s` : why,
  audit?.ok ? audit.wallS < TARGETS.auditSeconds : ourBuilt ? false : null,
);
check(
  `audit of (a) without the v1->v2 step < ${TARGETS.auditSeconds} s`,
  auditMrtr?.ok ? `${auditMrtr.wallS.toFixed(2)} s` : why,
  auditMrtr?.ok ? auditMrtr.wallS < TARGETS.auditSeconds : ourBuilt ? false : null,
);
check(
  `audit of (a) < ${TARGETS.auditRssMb} MB peak RSS`,
  audit?.ok && audit.rssKb ? `${(audit.rssKb / 1024).toFixed(0)} MB` : why,
  audit?.ok && audit.rssKb ? audit.rssKb / 1024 < TARGETS.auditRssMb : ourBuilt ? false : null,
);
const speedup = audit?.ok && off?.ok ? off.wallS / audit.wallS : null;
check(
  `audit of (a) >= ${TARGETS.minSpeedup}x faster than the official dry run`,
  speedup != null ? `${speedup.toFixed(1)}x` : !off?.ok ? 'official run unavailable' : why,
  speedup != null ? speedup >= TARGETS.minSpeedup : ourBuilt && off?.ok ? false : null,
);
check(
  `migration of (a) < ${TARGETS.migrateSeconds} s`,
  migrate?.ok ? `${migrate.wallS.toFixed(2)} s` : why,
  migrate?.ok ? migrate.wallS < TARGETS.migrateSeconds : ourBuilt ? false : null,
);
check(
  `audit and migration find the ${tree.sites.length} planted sites`,
  audit?.ok && migrate?.ok ? `${audit.report.totals.sites} / ${migrate.report.totals.sites}` : why,
  audit?.ok && migrate?.ok
    ? audit.report.totals.sites === tree.sites.length && migrate.report.totals.sites === tree.sites.length
    : ourBuilt
      ? false
      : null,
);
check(
  'dry runs wrote nothing',
  rows.some((r) => r.wroteFiles)
    ? rows
        .filter((r) => r.wroteFiles)
        .map((r) => `${r.tool} on ${r.target}`)
        .join(', ')
    : 'unchanged',
  !rows.some((r) => r.wroteFiles),
);

if (opts.realworld) {
  const { targets, missing } = realworldTargets(REPO, opts.realworld, opts.only);
  console.log(
    `\n(c) real repositories: ${targets.length} of realworld/repos.json from ${opts.realworld}` +
      (missing.length ? ` (not measured: ${missing.join(', ')})` : ''),
  );
  const measured = [];
  for (const target of targets)
    measured.push(
      await measureRealworld(target, { cli: opts.cli, baseline: opts.baseline, official, runs: opts.runs, cwd: REPO }),
    );
  const table = realworldTable(measured);
  for (const l of table.lines) console.log(l);
  const slower = table.v1Speedups.filter((s) => s.speedup != null && s.speedup < TARGETS.realworldMinSpeedup);
  const unmeasured = table.v1Speedups.filter((s) => s.speedup == null);
  check(
    'audit never slower than the official dry run on a v1 repository of (c)',
    slower.length
      ? `slower on ${slower.map((s) => `${s.repo} (${s.speedup.toFixed(2)}x)`).join(', ')}`
      : `${table.v1Speedups.length - unmeasured.length} repositories` +
          (unmeasured.length ? `, ${unmeasured.length} not measured` : ''),
    table.v1Speedups.length - unmeasured.length === 0 ? null : slower.length === 0,
  );
  check(
    `audit >= ${TARGETS.realworldGeomean}x faster than the official dry run on the geometric mean of (c)'s v1 repositories`,
    table.geomeanV1 == null ? 'not measured' : `${table.geomeanV1.toFixed(2)}x`,
    table.geomeanV1 == null ? null : table.geomeanV1 >= TARGETS.realworldGeomean,
  );
}

if (opts.scaling) {
  const sizes = [...opts.scaling].sort((a, b) => a - b);
  console.log(`\n(d) scaling: trees of ${sizes.join(', ')} files, the same MCP code (10 modules, 50 files); our audit`);
  const scaled = await scalingRows(REPO, sizes, {
    cli: opts.cli,
    baseline: opts.baseline,
    runs: opts.runs,
    seed: opts.seed,
  });
  for (const l of scaled.lines) console.log(l);
  const growth = scaled.rssGrowthMb;
  if (scaled.baselineGrowthMb != null)
    console.log(
      `peak RSS growth, ${sizes[0]} -> ${sizes[sizes.length - 1]} files: ${growth?.toFixed(0) ?? '-'} MB; baseline ${scaled.baselineGrowthMb.toFixed(0)} MB`,
    );
  check(
    `audit's peak RSS grows < ${TARGETS.scalingRssMb} MB from ${sizes[0]} to ${sizes[sizes.length - 1]} files`,
    growth == null ? 'not measured' : `${growth.toFixed(0)} MB`,
    growth == null ? null : growth < TARGETS.scalingRssMb,
  );
}

console.log('');
for (const c of checks) console.log(`${c.status.padEnd(4)}  ${c.name}: ${c.measured}`);

if (opts.strict && checks.some((c) => c.status !== 'PASS')) {
  console.log('\n--strict: a target failed or could not be measured');
  process.exitCode = 1;
}
