// The benchmark's real-repository rows (issue 20): the real-world suite's repositories (realworld/repos.json), from
// their fetched snapshots, each measured with our audit, our migration and the official codemod's dry run on the same
// files. Ratios are official wall time over ours, per repository and as geometric means.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractCached, mirrorOf, slug } from '../realworld/snapshot.mjs';
import { listSources, measure } from './measure.mjs';

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

/** Our audit, our migration (on a fresh copy, not timed) and the official dry run over one target. */
export async function measureRealworld(target, { cli, official, runs, cwd }) {
  const row = { ...target };
  const audit = await measure([cli, '--dry-run', '--report', 'json', '--quiet', target.dir], { runs, cwd });
  row.audit = { ok: ok(audit), wallS: audit.wallS, cpuS: audit.cpuS, rssKb: audit.rssKb, code: audit.code };
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
  row.migrate = { ok: ok(migrate), wallS: migrate.wallS, cpuS: migrate.cpuS, rssKb: migrate.rssKb, code: migrate.code };
  if (official) {
    const off = await measure([official.cli, 'v1-to-v2', '--dry-run', target.dir], { runs, cwd });
    row.official = { ok: ok(off), wallS: off.wallS, cpuS: off.cpuS, rssKb: off.rssKb, code: off.code };
  }
  for (const key of ['audit', 'migrate', 'official']) {
    const r = row[key];
    if (r && !r.ok) r.note = `exit ${r.code}`;
  }
  return row;
}

export const geomean = (values) =>
  values.length === 0 ? null : Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

/** The rows as a table (lines of text), and the speedups (official wall over our audit's) of the measured rows. */
export function realworldTable(rows) {
  const fmt = (v, digits) => (v == null ? '-' : v.toFixed(digits));
  const cell = (r, digits = 2) => (r ? (r.ok ? fmt(r.wallS, digits) : `failed (${r.note})`) : '-');
  const mb = (r) => (r?.ok && r.rssKb ? fmt(r.rssKb / 1024, 0) : '-');
  const speedup = (r) => (r.audit.ok && r.official?.ok ? r.official.wallS / r.audit.wallS : null);
  const header = [
    'repository',
    'sdk',
    'files',
    'audit s',
    'audit cpu s',
    'audit MB',
    'migration s',
    'migration MB',
    'official s',
    'official MB',
    'official / audit',
  ];
  const body = rows.map((r) => [
    r.repo,
    r.sdk,
    String(r.files),
    cell(r.audit),
    fmt(r.audit.cpuS, 2),
    mb(r.audit),
    cell(r.migrate),
    mb(r.migrate),
    cell(r.official),
    mb(r.official),
    speedup(r) == null ? '-' : `${speedup(r).toFixed(2)}x`,
  ]);
  const v1 = rows.filter((r) => r.sdk === 'v1' && speedup(r) != null).map(speedup);
  const all = rows.filter((r) => speedup(r) != null).map(speedup);
  const g = (values) => (values.length ? `${geomean(values).toFixed(2)}x` : '-');
  body.push(['geometric mean, v1 repositories', '', '', '', '', '', '', '', '', '', g(v1)]);
  body.push(['geometric mean, all', '', '', '', '', '', '', '', '', '', g(all)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return {
    lines: [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)],
    v1Speedups: rows.filter((r) => r.sdk === 'v1').map((r) => ({ repo: r.repo, speedup: speedup(r) })),
    geomeanV1: geomean(v1),
  };
}

export function defaultMirrors() {
  return existsSync('/work/.mirror') ? '/work/.mirror' : undefined;
}
