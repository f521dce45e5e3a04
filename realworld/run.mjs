#!/usr/bin/env node
// Real-world suite: our audit over public MCP server repositories pinned at a commit, measured against a
// catalogue of their push-style call sites written by reading the code (realworld/catalogue/).
//
//   node realworld/run.mjs [--mirrors DIR] [--official] [--json FILE] [--only owner/name[,owner/name]] [--cli PATH]
//
// Works offline from a folder of fetched snapshots: DIR/<owner>+<name>/repo is a bare git directory (what the
// tool library's `fetch` leaves in /work/.mirror, the default). For each repository of realworld/repos.json:
// 1. `git archive <commit>` of the mirror, extracted into a temporary folder (the mirror is only read);
// 2. our CLI `--dry-run --report json --patch` on `root` (the repository, or the subfolder named by `root`), timed;
//    the patch's comment lines removed and not put back are counted (`comments lost`: the user's comments must survive);
// 3. with --official, the official codemod's `v1-to-v2 --dry-run` on the same folder, timed;
// 4. reported sites matched to catalogue entries: same file (relative to the repository) and |line difference| <= 1.
// Entries with a `framework` field (a framework's own API: FastMCP requestSampling, xmcp extra.elicit, ...) are counted
// apart from SDK entries: recall is over SDK entries, framework entries are "reported / total".
// Entries marked `capable` (an SDK call that runs only while the server handles tools/call, prompts/get or
// resources/read) are the ones a migration can rewrite: "capable rewritten" counts those whose matched site is rewritten.
// Prints a table per repository, the catalogue entries we missed, and ONE summary line. Not part of CI.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveOfficialCli } from '../bench/measure.mjs';
import { lostComments } from './comments.mjs';
import { extract, slug } from './snapshot.mjs';
import { TEST_PATH } from '../dist/lib/testFiles.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');
const LINE_TOLERANCE = 1;
/** A missed entry with an unmatched same-kind site this close in the same file is counted as `near`. */
const NEAR_LINES = 10;
const TIMEOUT_MS = 10 * 60 * 1000;
/**
 * Test files: extra sites there are counted apart (a catalogue entry says `test: true` itself). The product's own
 * rule for conventional test paths (lib/testFiles.ts, built into dist/ as the CLI is).
 */
const TEST_FILE = TEST_PATH;
/**
 * Sites the tool reports by design that are not push-style calls, which the catalogues leave out: a roots/list_changed
 * notification handler (roots are no longer pushed), and a call of a migrated helper from outside a request (the
 * caller breaks). Counted apart from extras.
 */
const CONTEXT_REASONS = new Set(['roots-list-changed', 'caller-outside-request']);

function parseArgs(argv) {
  const opts = {
    mirrors: '/work/.mirror',
    official: false,
    json: null,
    only: null,
    cli: path.join(REPO, 'dist', 'bin', 'mcp-mrtr-codemod.js'),
    keep: null,
    updateDecisions: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--mirrors') opts.mirrors = path.resolve(value());
    else if (flag === '--official') opts.official = true;
    else if (flag === '--json') opts.json = path.resolve(value());
    else if (flag === '--only') opts.only = new Set(value().split(','));
    else if (flag === '--cli') opts.cli = path.resolve(value());
    else if (flag === '--keep') opts.keep = path.resolve(value());
    else if (flag === '--update-decisions') opts.updateDecisions = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(
        'usage: node realworld/run.mjs [--mirrors DIR] [--official] [--json FILE] [--only owner/name,...] [--cli PATH] [--keep DIR] [--update-decisions]',
      );
      process.exit(0);
    } else {
      console.error(`realworld: unknown option ${argv[i]}`);
      process.exit(2);
    }
  }
  return opts;
}

const posix = (p) => p.split(path.sep).join('/');

/** Runs `node args` and times it from spawn to exit. */
function timed(args, cwd) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    timeout: TIMEOUT_MS,
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return {
    status: r.status,
    signal: r.signal,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
    seconds,
    error: r.error,
  };
}

function parseReport(stdout) {
  try {
    const report = JSON.parse(stdout);
    return report && typeof report === 'object' && report.totals && Array.isArray(report.sites) ? report : null;
  } catch {
    return null;
  }
}

const countBy = (items, key) =>
  items.reduce((acc, item) => {
    const k = key(item);
    if (k != null) acc[k] = (acc[k] ?? 0) + 1;
    return acc;
  }, {});

/**
 * Pairs catalogue entries with reported sites (same file, |line difference| <= LINE_TOLERANCE), best pairs first:
 * same kind before another kind, then the smaller line difference. Each site and each entry is used once.
 */
function matchSites(catalogue, sites) {
  const pairs = [];
  catalogue.forEach((c, k) =>
    sites.forEach((s, j) => {
      const delta = Math.abs(s.line - c.line);
      if (s.repoFile === c.file && delta <= LINE_TOLERANCE)
        pairs.push({ k, j, score: (s.kind === c.kind ? 0 : 10) + delta });
    }),
  );
  pairs.sort((a, b) => a.score - b.score || a.k - b.k || a.j - b.j);
  const used = new Set();
  /** Catalogue index -> index of the site it matched. */
  const matchedEntries = new Map();
  for (const { k, j } of pairs) {
    if (used.has(j) || matchedEntries.has(k)) continue;
    used.add(j);
    matchedEntries.set(k, j);
  }
  return { used, matchedEntries };
}

/**
 * A catalogue entry a migration can rewrite: an SDK call outside test files that runs only while the server handles
 * tools/call, prompts/get or resources/read (`capable: true`).
 */
const isCapable = (c) => c.capable === true && !c.test && !c.framework;

/** Measures one repository. */
function measureRepo(entry, opts, official) {
  const row = {
    repo: entry.repo,
    commit: entry.commit,
    root: entry.root ?? '',
    sdk: entry.sdk,
    status: 'ok',
    catalogued: 0,
    cataloguedTests: 0,
    found: 0,
    foundTests: 0,
    framework: 0,
    frameworkFound: 0,
    capable: 0,
    capableRewritten: 0,
    /** Capable entries whose matched site is not rewritten (decision `missed` when no site matched). */
    capableOpen: [],
    near: 0,
    missed: [],
    reported: 0,
    extra: 0,
    extraTests: 0,
    extraSites: [],
    context: 0,
    contextSites: [],
    decisions: { rewritten: 0, review: 0, skipped: 0 },
    reasons: {},
    findings: {},
    fileErrors: 0,
    crash: null,
    seconds: null,
    officialSeconds: null,
    officialExit: null,
  };
  const gitDir = path.join(opts.mirrors, slug(entry.repo), 'repo');
  const catalogueFile = path.join(HERE, 'catalogue', `${slug(entry.repo)}.json`);
  const catalogue = existsSync(catalogueFile) ? JSON.parse(readFileSync(catalogueFile, 'utf8')) : [];
  if (!existsSync(catalogueFile)) row.status = 'no catalogue';
  row.catalogued = catalogue.filter((c) => !c.test && !c.framework).length;
  row.framework = catalogue.filter((c) => !c.test && c.framework).length;
  row.cataloguedTests = catalogue.filter((c) => c.test).length;
  row.capable = catalogue.filter(isCapable).length;
  if (!existsSync(gitDir)) {
    row.status = 'missing mirror';
    return row;
  }
  let work;
  try {
    const extracted = extract(gitDir, entry.commit);
    work = extracted.dir;
    row.files = extracted.files;
    row.absentFiles = extracted.absent;
  } catch (err) {
    row.status = 'missing commit';
    row.crash = err.message;
    return row;
  }
  try {
    const target = path.join(work, entry.root ?? '');
    const patchFile = path.join(os.tmpdir(), `mrtr-realworld-${process.pid}-${slug(entry.repo)}.patch`);
    const ours = timed([opts.cli, '--dry-run', '--report', 'json', '--patch', patchFile, target], REPO);
    row.seconds = ours.seconds;
    if (opts.keep) keepOutputs(opts.keep, entry, work, ours.stdout, patchFile);
    if (existsSync(patchFile)) {
      row.commentsLost = lostComments(readFileSync(patchFile, 'utf8'));
      rmSync(patchFile, { force: true });
    }
    row.exit = ours.status;
    const report = parseReport(ours.stdout);
    if (ours.error || (ours.status !== 0 && ours.status !== 1) || !report) {
      const why =
        ours.error?.message ?? ours.signal ?? (report ? `exit ${ours.status}` : `exit ${ours.status}, no JSON`);
      row.crash = `${why}: ${ours.stderr.trim().split('\n').slice(-1)[0] ?? ''}`.slice(0, 300);
    }
    if (report) {
      const reportRoot = path.resolve(report.root ?? target);
      const sites = report.sites.map((s) => ({
        ...s,
        repoFile: posix(path.relative(work, path.resolve(reportRoot, s.file))),
      }));
      row.reported = sites.length;
      row.siteDecisions = sites.map(decisionKey);
      row.fileErrors = report.totals.filesWithErrors ?? 0;
      row.decisions = { rewritten: 0, review: 0, skipped: 0, ...countBy(sites, (s) => s.decision) };
      row.reasons = countBy(sites, (s) => s.reason);
      row.findings = countBy(report.findings ?? [], (f) => `${f.transform}:${f.reason}`);
      const { used, matchedEntries } = matchSites(catalogue, sites);
      const unmatched = [];
      catalogue.forEach((c, k) => {
        if (isCapable(c)) {
          const site = matchedEntries.has(k) ? sites[matchedEntries.get(k)] : null;
          if (site?.decision === 'rewritten') row.capableRewritten++;
          else
            row.capableOpen.push({
              file: c.file,
              line: c.line,
              kind: c.kind,
              form: c.form,
              runsIn: c.runsIn,
              decision: site?.decision ?? 'missed',
              reason: site?.reason ?? null,
              siteLine: site?.line ?? null,
            });
        }
        if (matchedEntries.has(k)) {
          if (c.test) row.foundTests++;
          else if (c.framework) row.frameworkFound++;
          else row.found++;
        } else if (!c.test) unmatched.push(c);
      });
      // Missed entries, after every match is made: is there a site no entry matched, of the same kind in the same
      // file a few lines away (e.g. lines shifted by the v1-to-v2 step's edits)? Counted as "near", never as found.
      for (const c of unmatched) {
        const near = sites.find(
          (s, j) =>
            !used.has(j) && s.repoFile === c.file && s.kind === c.kind && Math.abs(s.line - c.line) <= NEAR_LINES,
        );
        if (near && !c.framework) row.near++;
        row.missed.push(
          `${c.file}:${c.line} ${c.kind} ${c.form}${c.framework ? `  [framework: ${c.framework}]` : ''}` +
            `${near ? `  [near: reported at line ${near.line}]` : ''}`,
        );
      }
      sites.forEach((s, j) => {
        if (used.has(j)) return;
        if (TEST_FILE.test(s.repoFile)) row.extraTests++;
        else if (CONTEXT_REASONS.has(s.reason)) {
          // Not a push call, by design: the catalogue leaves these out (see realworld/README.md).
          row.context++;
          row.contextSites.push(`${s.repoFile}:${s.line} ${s.kind} ${s.form} (${s.decision} ${s.reason})`);
        } else {
          row.extra++;
          row.extraSites.push(
            `${s.repoFile}:${s.line} ${s.kind} ${s.form} (${s.decision}${s.reason ? ` ${s.reason}` : ''})`,
          );
        }
      });
    }
    if (official) {
      const off = timed([official.cli, 'v1-to-v2', '--dry-run', target], REPO);
      row.officialSeconds = off.seconds;
      row.officialExit = off.status;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return row;
}

const pct = (a, b) => (b ? `${Math.round((100 * a) / b)}%` : '-');
const secs = (s) => (s == null ? '-' : s.toFixed(1));

function printTable(rows, withOfficial) {
  const head = [
    'repo',
    'sdk',
    'catalogued',
    'found',
    'recall',
    'framework',
    'near',
    'extra',
    'rewritten',
    'review',
    'skipped',
    'capable',
    'capable rewritten',
    'crash',
    'ours s',
  ];
  if (withOfficial) head.push('official s');
  head.push('reasons');
  const body = rows.map((r) => {
    const cells = [
      r.repo + (r.status === 'ok' ? '' : ` (${r.status})`),
      r.sdk ?? '',
      String(r.catalogued),
      String(r.found),
      pct(r.found, r.catalogued),
      r.framework ? `${r.frameworkFound}/${r.framework}` : '-',
      String(r.near),
      String(r.extra),
      String(r.decisions.rewritten),
      String(r.decisions.review),
      String(r.decisions.skipped),
      String(r.capable),
      r.capable ? `${r.capableRewritten} (${pct(r.capableRewritten, r.capable)})` : '-',
      r.crash ? 'yes' : '0',
      secs(r.seconds),
    ];
    if (withOfficial) cells.push(secs(r.officialSeconds));
    cells.push(
      Object.entries(r.reasons)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || '-',
    );
    return cells;
  });
  const lines = [head, head.map(() => '---'), ...body].map((cells) => `| ${cells.join(' | ')} |`);
  console.log(lines.join('\n'));
}

/** A site's decision as the baseline keeps it: where it is, what it is, and what the tool decided. */
function decisionKey(s) {
  return `${s.repoFile}:${s.line} ${s.kind} ${s.form} -> ${s.decision}${s.strategy ? ` ${s.strategy}` : ''}${s.reason ? ` ${s.reason}` : ''}`;
}

/**
 * Keeps the dry run's JSON report and patch of one repository in `dir`, the temporary folder's path replaced by
 * `<work>`, so that two runs (before and after a change) compare byte for byte with `diff -r`.
 */
function keepOutputs(dir, entry, work, stdout, patchFile) {
  mkdirSync(dir, { recursive: true });
  const clean = (text) => text.split(work).join('<work>');
  writeFileSync(path.join(dir, `${slug(entry.repo)}.json`), clean(stdout));
  writeFileSync(
    path.join(dir, `${slug(entry.repo)}.patch`),
    existsSync(patchFile) ? clean(readFileSync(patchFile, 'utf8')) : '',
  );
}

/**
 * Compares each measured repository's site decisions with the committed baseline (realworld/decisions.json) and
 * prints every site whose decision changed; with --update-decisions, writes the baseline anew instead.
 */
function compareDecisions(measured, opts) {
  const file = path.join(HERE, 'decisions.json');
  const baseline = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (opts.updateDecisions) {
    const next = { ...baseline };
    for (const r of measured) next[r.repo] = r.siteDecisions ?? [];
    const sorted = Object.fromEntries(
      Object.keys(next)
        .sort()
        .map((k) => [k, next[k]]),
    );
    writeFileSync(file, JSON.stringify(sorted, null, 2) + '\n');
    console.log(`\ndecisions baseline written: ${path.relative(REPO, file)} (${measured.length} repos)`);
    return 0;
  }
  let changed = 0;
  const lines = [];
  for (const r of measured) {
    const before = baseline[r.repo];
    if (!before) {
      lines.push(`  ${r.repo}  not in the baseline`);
      continue;
    }
    const now = r.siteDecisions ?? [];
    const gone = before.filter((d) => !now.includes(d));
    const added = now.filter((d) => !before.includes(d));
    changed += Math.max(gone.length, added.length);
    for (const d of gone) lines.push(`  ${r.repo}  - ${d}`);
    for (const d of added) lines.push(`  ${r.repo}  + ${d}`);
  }
  if (lines.length) {
    console.log('\ndecisions changed from the baseline (realworld/decisions.json; - before, + now):');
    for (const l of lines) console.log(l);
  }
  return changed;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(opts.cli)) {
    console.error(`realworld: ${opts.cli} not found: run \`npm run build\` first`);
    process.exit(2);
  }
  const official = opts.official ? resolveOfficialCli(REPO) : null;
  if (opts.official && !official) console.error('realworld: the official codemod is not installed; --official ignored');
  const repos = JSON.parse(readFileSync(path.join(HERE, 'repos.json'), 'utf8')).filter(
    (e) => !opts.only || opts.only.has(e.repo),
  );
  const rows = [];
  for (const entry of repos) {
    process.stderr.write(
      `realworld: ${entry.repo} @ ${entry.commit.slice(0, 7)}${entry.root ? ` (${entry.root})` : ''} ... `,
    );
    const row = measureRepo(entry, opts, official);
    process.stderr.write(`${row.status}${row.seconds != null ? `, ${row.seconds.toFixed(1)} s` : ''}\n`);
    rows.push(row);
  }
  const measured = rows.filter((r) => r.status === 'ok');
  const missing = rows.filter((r) => r.status !== 'ok');
  const sum = (key) => measured.reduce((n, r) => n + (typeof key === 'function' ? key(r) : r[key]), 0);
  const total = {
    repos: measured.length,
    catalogued: sum('catalogued'),
    found: sum('found'),
    framework: sum('framework'),
    frameworkFound: sum('frameworkFound'),
    near: sum('near'),
    extra: sum('extra'),
    context: sum('context'),
    extraTests: sum('extraTests'),
    crashes: measured.filter((r) => r.crash).length,
    commentsLost: sum((r) => (r.commentsLost ?? []).reduce((n, f) => n + f.lines.length, 0)),
    rewritten: sum((r) => r.decisions.rewritten),
    review: sum((r) => r.decisions.review),
    skipped: sum((r) => r.decisions.skipped),
    capable: sum('capable'),
    capableRewritten: sum('capableRewritten'),
    seconds: sum((r) => r.seconds ?? 0),
    officialSeconds: official ? sum((r) => r.officialSeconds ?? 0) : null,
    reasons: measured.reduce((acc, r) => {
      for (const [k, v] of Object.entries(r.reasons)) acc[k] = (acc[k] ?? 0) + v;
      return acc;
    }, {}),
  };

  console.log(
    `\nmcp-mrtr-codemod real-world suite (node ${process.version}, ${os.cpus().length} CPUs); a reported site matches a catalogue entry ` +
      `when the file is the same and the lines differ by at most ${LINE_TOLERANCE}; recall counts SDK entries outside test files; ` +
      `framework = framework-API entries reported / catalogued; ` +
      `near = missed entries with an unmatched same-kind site within ${NEAR_LINES} lines of the same file; ` +
      `extra = reported sites outside test files that match no entry\n`,
  );
  printTable(
    [
      ...measured,
      { repo: '**total**', status: 'ok', ...total, decisions: total, crash: total.crashes ? 'yes' : null, sdk: '' },
    ],
    Boolean(official),
  );
  const missedRows = measured.filter((r) => r.missed.length);
  if (missedRows.length) {
    console.log('\nmissed (catalogued, not reported):');
    for (const r of missedRows) for (const m of r.missed) console.log(`  ${r.repo}  ${m}`);
  }
  const contextRows = measured.filter((r) => r.contextSites.length);
  if (contextRows.length) {
    console.log(
      '\ncontext (reported by design, not push calls: roots/list_changed handlers, callers outside a request):',
    );
    for (const r of contextRows) for (const m of r.contextSites) console.log(`  ${r.repo}  ${m}`);
  }
  const extraRows = measured.filter((r) => r.extraSites.length);
  if (extraRows.length) {
    console.log('\nextra (reported outside test files, not catalogued):');
    for (const r of extraRows) for (const m of r.extraSites) console.log(`  ${r.repo}  ${m}`);
  }
  const openRows = measured.filter((r) => r.capableOpen.length);
  if (openRows.length) {
    console.log('\ncapable, not rewritten (catalogue entry: decision reason):');
    for (const r of openRows)
      for (const o of r.capableOpen)
        console.log(`  ${r.repo}  ${o.file}:${o.line} ${o.kind} (${o.decision}${o.reason ? ` ${o.reason}` : ''})`);
  }
  const lostRows = measured.filter((r) => r.commentsLost?.length);
  if (lostRows.length) {
    console.log('\ncomment lines lost (removed by the dry-run patch and not put back):');
    for (const r of lostRows)
      for (const f of r.commentsLost) console.log(`  ${r.repo}  ${f.file}: ${f.lines.length} (${f.lines[0]})`);
  }
  const crashRows = measured.filter((r) => r.crash);
  if (crashRows.length) {
    console.log('\ncrashes:');
    for (const r of crashRows) console.log(`  ${r.repo}  ${r.crash}`);
  }
  if (missing.length) {
    console.log('\nnot measured:');
    for (const r of missing) console.log(`  ${r.repo}  ${r.status}${r.crash ? ` (${r.crash})` : ''}`);
  }
  const decisionsChanged = compareDecisions(measured, opts);
  if (opts.json) {
    writeFileSync(opts.json, JSON.stringify({ rows, total, official: official?.version ?? null }, null, 2) + '\n');
  }
  console.log(
    `\nrealworld: ${total.repos} repos, recall ${total.found}/${total.catalogued} (${pct(total.found, total.catalogued)}), ` +
      `framework reported ${total.frameworkFound}/${total.framework}, near ${total.near}, ` +
      `extra outside tests ${total.extra}, context ${total.context}, crashes ${total.crashes}, comments lost ${total.commentsLost}, rewritten ${total.rewritten}, review ${total.review}, ` +
      `capable rewritten ${total.capableRewritten}/${total.capable} (${pct(total.capableRewritten, total.capable)})` +
      `, decisions changed ${decisionsChanged}` +
      (missing.length ? `, not measured ${missing.length}` : ''),
  );
}

main();
