// The benchmark's real-repository rows: the real-world suite's repositories (realworld/repos.json), from
// their fetched snapshots, each measured with our audit, our migration and the official codemod's dry run on the same
// files. Ratios are official wall time over ours, per repository and as geometric means.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractCached, mirrorOf, slug } from '../realworld/snapshot.mjs';
import { listSources, measure, measureInTurn } from './measure.mjs';

const V1_STEP = fileURLToPath(new URL('./v1-step.mjs', import.meta.url));

/** The suite's entries whose snapshot is in `mirrors`, extracted (once, kept between runs) under the temp folder. */
export function realworldTargets(repoRoot, mirrors, only) {
  const entries = JSON.parse(readFileSync(path.join(repoRoot, 'realworld', 'repos.json'), 'utf8'));
  const targets = [];
  const missing = [];
  for (const entry of entries) {
    if (only && !only.includes(entry.repo)) continue;
    const gitDir = mirrorOf(mirrors, entry.repo);
    if (!gitDir) {
      missing.push(entry.repo);
      continue;
    }
    const base = path.join(os.tmpdir(), 'mrtr-bench-realworld', slug(entry.repo));
    try {
      extractCached(gitDir, entry.commit, base);
    } catch (error) {
      missing.push(`${entry.repo} (${error.message.split('\n')[0]})`);
      continue;
    }
    const dir = entry.root ? path.join(base, entry.root) : base;
    targets.push({ repo: entry.repo, sdk: entry.sdk, dir, files: listSources(dir).length });
  }
  return { targets, missing };
}

const ok = (r) => r.signal === null && (r.code === 0 || r.code === 1);

/**
 * Our audit, our migration (on a fresh copy, not timed) and the official dry run over one target; with `baseline`
 * (another build's CLI), its audit too. The audits and the official dry run run in turn, run by run.
 */
export async function measureRealworld(target, { cli, baseline, official, runs, cwd }) {
  const row = { ...target };
  const commands = [[cli, '--dry-run', '--report', 'json', '--quiet', target.dir]];
  if (baseline) commands.push([baseline, '--dry-run', '--report', 'json', '--quiet', target.dir]);
  if (official) commands.push([official.cli, 'v1-to-v2', '--dry-run', target.dir]);
  // The v1 step alone (discovery, then the official codemod on the v1 files in one thread, nothing else): the floor
  // of any audit that runs the official codemod, so official / v1 step bounds what official / audit can reach.
  const v1Step = target.sdk === 'v1';
  if (v1Step) commands.push([V1_STEP, path.resolve(path.dirname(cli), '..'), target.dir]);
  const measured = await measureInTurn(commands, { runs, cwd });
  const summary = (r) => ({ ok: ok(r), wallS: r.wallS, cpuS: r.cpuS, rssKb: r.rssKb, code: r.code });
  row.audit = summary(measured.shift());
  if (baseline) row.baseline = summary(measured.shift());
  if (official) row.official = summary(measured.shift());
  if (v1Step) row.v1Step = summary(measured.shift());
  const work = path.join(os.tmpdir(), 'mrtr-bench-realworld-work', slug(target.repo));
  const migrate = await measure([cli, '--allow-dirty', '--report', 'json', '--quiet', work], {
    runs,
    cwd,
    before: () => {
      rmSync(work, { recursive: true, force: true });
      cpSync(target.dir, work, { recursive: true });
    },
  });
  rmSync(work, { recursive: true, force: true });
  row.migrate = summary(migrate);
  for (const key of ['audit', 'baseline', 'migrate', 'official']) {
    const r = row[key];
    if (r && !r.ok) r.note = `exit ${r.code}`;
  }
  return row;
}

export const geomean = (values) =>
  values.length === 0 ? null : Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

/**
 * The rows as a table (lines of text), and the speedups (official wall over our audit's) of the measured rows. CPU
 * ratios beside the wall ones (the steadier measure on a shared machine), and the baseline build's columns when measured.
 */
export function realworldTable(rows) {
  const fmt = (v, digits) => (v == null ? '-' : v.toFixed(digits));
  const cell = (r, digits = 2) => (r ? (r.ok ? fmt(r.wallS, digits) : `failed (${r.note})`) : '-');
  const mb = (r) => (r?.ok && r.rssKb ? fmt(r.rssKb / 1024, 0) : '-');
  const ratio = (over, key) => (r) =>
    r.audit.ok && r[over]?.ok && r[over][key] != null && r.audit[key] ? r[over][key] / r.audit[key] : null;
  const speedup = ratio('official', 'wallS');
  const x = (v) => (v == null ? '-' : `${v.toFixed(2)}x`);
  const withBaseline = rows.some((r) => r.baseline);
  // [header, cell of a row, ratio of a row (its column gets geometric means)]
  const columns = [
    ['repository', (r) => r.repo],
    ['sdk', (r) => r.sdk],
    ['files', (r) => String(r.files)],
    ['audit s', (r) => cell(r.audit)],
    ['audit cpu s', (r) => fmt(r.audit.cpuS, 2)],
    ['audit MB', (r) => mb(r.audit)],
    ...(withBaseline
      ? [
          ['baseline s', (r) => cell(r.baseline)],
          ['baseline cpu s', (r) => fmt(r.baseline?.cpuS, 2)],
          ['baseline / audit', null, ratio('baseline', 'wallS')],
          ['cpu', null, ratio('baseline', 'cpuS')],
        ]
      : []),
    ['migration s', (r) => cell(r.migrate)],
    ['migration MB', (r) => mb(r.migrate)],
    ['official s', (r) => cell(r.official)],
    ['official cpu s', (r) => fmt(r.official?.cpuS, 2)],
    ['official MB', (r) => mb(r.official)],
    ['official / audit', null, speedup],
    ['cpu', null, ratio('official', 'cpuS')],
    ['v1 step s', (r) => cell(r.v1Step)],
    ['official / v1 step', null, (r) => (r.v1Step?.ok && r.official?.ok ? r.official.wallS / r.v1Step.wallS : null)],
  ];
  const header = columns.map(([h]) => h);
  const body = rows.map((r) => columns.map(([, cellOf, ratioOf]) => (cellOf ? cellOf(r) : x(ratioOf(r)))));
  const means = (label, pick) =>
    columns.map(([, , ratioOf], i) => {
      if (i === 0) return label;
      if (!ratioOf) return '';
      const values = rows
        .filter(pick)
        .map(ratioOf)
        .filter((v) => v != null);
      return values.length ? x(geomean(values)) : '-';
    });
  body.push(means('geometric mean, v1 repositories', (r) => r.sdk === 'v1'));
  body.push(means('geometric mean, all', () => true));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  const v1 = rows.filter((r) => r.sdk === 'v1' && speedup(r) != null).map(speedup);
  return {
    lines: [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)],
    v1Speedups: rows.filter((r) => r.sdk === 'v1').map((r) => ({ repo: r.repo, speedup: speedup(r) })),
    geomeanV1: geomean(v1),
  };
}

export function defaultMirrors() {
  return existsSync('/work/.mirror') ? '/work/.mirror' : undefined;
}
