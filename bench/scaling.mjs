// The benchmark's scaling rows: the generated tree at several sizes with the same MCP code, our default
// audit's wall time, CPU time and peak RSS per size. Memory should grow with the MCP code, not with the tree. With a
// baseline build (`--baseline`), its audit too, run in turn with ours, and its growth beside ours.
import path from 'node:path';
import { generateTree } from './generate-tree.mjs';
import { measureInTurn } from './measure.mjs';

const MCP_MODULES = 10; // the 5,000-file tree's MCP code: 10 modules of 5 files

export async function scalingRows(repoRoot, sizes, { cli, baseline, runs, seed }) {
  const rows = [];
  for (const size of sizes) {
    const dir = path.join(repoRoot, '.bench', `scale-${size}`);
    const tree = generateTree(dir, size, seed, MCP_MODULES);
    const command = (build) => [build, '--dry-run', '--report', 'json', '--quiet', dir];
    const [audit, base] = await measureInTurn([command(cli), ...(baseline ? [command(baseline)] : [])], {
      runs,
      cwd: repoRoot,
    });
    rows.push({ size, files: tree.files, planted: tree.sites.length, ...rowOf(audit), base: base && rowOf(base) });
  }
  const fmt = (v, digits) => (v == null ? '-' : v.toFixed(digits));
  const cells = (r) => [
    r.ok ? fmt(r.wallS, 2) : `failed (exit ${r.code})`,
    fmt(r.cpuS, 2),
    r.rssKb ? fmt(r.rssKb / 1024, 0) : '-',
  ];
  const header = ['files', 'MCP files', 'sites found / planted', 'audit s', 'cpu s', 'peak RSS MB'];
  if (baseline) header.push('baseline s', 'baseline cpu s', 'baseline RSS MB');
  const body = rows.map((r) => [
    String(r.files),
    String(MCP_MODULES * 5),
    `${r.sites ?? '-'} / ${r.planted}`,
    ...cells(r),
    ...(r.base ? cells(r.base) : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => c.padStart(widths[i])).join('  ');
  const growth = (first, last) =>
    rows.length > 1 && first?.ok && last?.ok && first.rssKb && last.rssKb ? (last.rssKb - first.rssKb) / 1024 : null;
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    lines: [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)],
    rows,
    rssGrowthMb: growth(first, last),
    baselineGrowthMb: baseline ? growth(first.base, last.base) : null,
  };
}

/** One build's measured audit of a tree: its sites found, and whether it ran to the end. */
function rowOf(audit) {
  let sites;
  try {
    sites = JSON.parse(audit.stdout).totals.sites;
  } catch {
    sites = null;
  }
  const ok = audit.signal === null && (audit.code === 0 || audit.code === 1) && sites !== null;
  return { ...audit, sites, ok };
}
