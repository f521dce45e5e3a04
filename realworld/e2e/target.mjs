// One target of the end-to-end mode: a repository (or a package of it) installed, type-checked, migrated with our
// CLI, installed and type-checked again, built, started before and after, and served to the v2 client in both eras.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveOfficialCli } from '../../bench/measure.mjs';
import { mirrorOf, slug } from '../snapshot.mjs';
import { compareErrors } from './errors.mjs';
import { commandOf, serve } from './serve.mjs';
import {
  build,
  changedLines,
  copyTree,
  diffOf,
  exportTree,
  locksOf,
  npmInstall,
  preparePristine,
  prettierCheck,
  run,
  typeCheck,
} from './steps.mjs';

const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** Runs every step for `target` (`{ repo, root?, installDir?, tsconfig?, entry?, args?, env? }`); returns its row. */
export async function runTarget(target, entry, opts) {
  const root = target.root ?? '.';
  const row = { repo: target.repo, root, sdk: entry.sdk, env: Object.keys(target.env ?? {}) };
  const gitDir = mirrorOf(opts.mirrors, target.repo);
  if (!gitDir) return { ...row, status: 'no snapshot' };
  const base = path.join(opts.work, slug(target.repo));
  const pristine = path.join(base, 'pristine');
  const installDir = target.installDir ?? root;
  const install = preparePristine(gitDir, entry.commit, pristine, installDir);
  row.locks = locksOf(path.join(pristine, installDir));
  row.install = install;
  if (!install.ok) return { ...row, status: 'not installable', reason: install.reason };
  const tsconfig = target.tsconfig ?? path.join(root, 'tsconfig.json');
  const typecheckIn = (dir) =>
    existsSync(path.join(dir, tsconfig))
      ? typeCheck(path.join(dir, root), path.join(dir, tsconfig), dir)
      : { ran: false, reason: `no ${tsconfig}`, errors: [] };
  row.before = typecheckIn(pristine);
  row.buildBefore = build(path.join(pristine, root));

  const migrated = path.join(base, `migrated-${slug(root)}`);
  copyTree(pristine, migrated);
  removeBuildOutputs(migrated);
  const reportFile = path.join(base, `report-${slug(root)}.json`);
  const cli = run(process.execPath, [opts.cli, '--report', 'json', '--output', reportFile, path.join(migrated, root)], {
    cwd: migrated,
  });
  row.cli = { status: cli.status, seconds: cli.seconds, stderr: cli.stderr.trim().split('\n').slice(-2).join(' ') };
  const report = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : undefined;
  if (!report) return { ...row, status: 'cli failed' };
  row.sites = countDecisions(report.sites);
  const { files } = diffOf(migrated);
  row.diff = { files: files.length, added: sum(files, 'added'), removed: sum(files, 'removed') };
  if (files.some((f) => f.file.endsWith('package.json')))
    row.reinstall = npmInstall(path.join(migrated, installDir), { fresh: false });
  row.after = typecheckIn(migrated);
  const official = entry.sdk === 'v1' ? officialOnly(pristine, path.join(base, 'official-only'), root) : undefined;
  row.errors = compareErrors(row.before, row.after, { report, root, pristine, migrated, official });
  row.buildAfter = build(path.join(migrated, root));
  row.linesPerSite = linesPerRewrittenSite(report, root, official ?? pristine, migrated);
  const changedCode = files.map((f) => f.file).filter((f) => CODE.test(f));
  const before = prettierCheck(pristine, changedCode);
  const after = prettierCheck(migrated, changedCode);
  row.prettier = before.ran
    ? { before: before.failing.length, after: after.failing.length, failing: after.failing }
    : undefined;
  await serveBoth(row, target, report, { pristine, migrated, root });
  return { ...row, status: 'measured' };
}

/**
 * The tools whose asks our report decided `decision` on: `tools/call <name>` handlers, and for a `tools/call` handler
 * that dispatches through a table (`handlers[name](...)`), the table's literal keys whose value is the function each
 * of the site's chains enters next (`create_note: handleCreateNote` in the handler's file, read from `dir`).
 */
function toolsDecided(report, dir, decision) {
  const names = new Set();
  let unnamed = 0;
  for (const site of report.sites) {
    const handler = site.handler?.name ?? '';
    if (site.decision !== decision) continue;
    if (handler.startsWith('tools/call ')) names.add(handler.slice('tools/call '.length));
    else {
      const keys = dispatchKeys(site, dir);
      for (const key of keys) names.add(key);
      if (keys.length === 0) unnamed++;
    }
  }
  return { names: [...names].sort(), unnamed };
}

/**
 * One tool whose ask our report left for review (the first by name that no rewrite touches): the migration must not
 * break it, so the migrated server answers it in the 2025 era as the original did.
 */
function reviewedTool(report, dir, rewritten) {
  const { names } = toolsDecided(report, dir, 'review');
  return names.filter((name) => !rewritten.includes(name)).slice(0, 1);
}

/**
 * Literal keys mapping to the second frame of a site's chains, in the file of its `tools/call` handler, and the case
 * label each frame's call is under in a `switch (name)` (the handler's, or one a domain's `handleCall` holds).
 */
function dispatchKeys(site, dir) {
  if (site.handler?.name !== 'tools/call') return [];
  let text;
  try {
    text = readFileSync(path.join(dir, site.handler.file), 'utf8');
  } catch {
    return [];
  }
  const keys = new Set();
  const lines = text.split('\n');
  const linesOf = (file) => {
    if (file === site.handler.file) return lines;
    try {
      return readFileSync(path.join(dir, file), 'utf8').split('\n');
    } catch {
      return [];
    }
  };
  for (const chain of site.chains ?? [site.chain ?? []]) {
    // `case 'save_thread': ... helper(...)`: the nearest case label above a frame's call, within its function (the
    // handler's, or a domain's `handleCall(name, args)` it dispatches to).
    for (const { file, line: from, callLine } of chain) {
      const text = file ? linesOf(file) : [];
      for (let at = (callLine ?? 0) - 1; callLine && at >= from; at--) {
        const label = /^\s*case\s+['"]([\w-]+)['"]\s*:/.exec(text[at - 1] ?? '');
        if (label) {
          keys.add(label[1]);
          break;
        }
      }
    }
    const callee = chain[1]?.name;
    if (!callee || !/^[A-Za-z_$][\w$]*$/.test(callee)) continue;
    const entry = new RegExp(`^\\s*['"]?([\\w-]+)['"]?\\s*:\\s*${callee.replace(/\$/g, '\\$')}\\s*,?\\s*$`, 'gm');
    for (const match of text.matchAll(entry)) keys.add(match[1]);
  }
  return [...keys];
}

async function serveBoth(row, target, report, { pristine, migrated, root }) {
  const { names: tools, unnamed } = toolsDecided(report, path.join(pristine, root), 'rewritten');
  row.rewrittenTools = tools;
  row.rewrittenUnnamed = unnamed;
  row.reviewedTools = reviewedTool(report, path.join(pristine, root), tools);
  row.serve = {};
  for (const [side, dir] of [
    ['original', pristine],
    ['migrated', migrated],
  ]) {
    const spec = target.noServer ? { reason: target.noServer } : commandOf(dir, path.join(dir, root), target);
    row.serve[side] = { entry: spec.entry, reason: spec.reason, transport: target.http ? 'http' : 'stdio' };
    if (!spec.command) continue;
    for (const era of ['2025', '2026']) {
      const options = {
        cwd: path.join(dir, root),
        env: target.env,
        rootDir: dir,
        http: target.http,
        toolArgs: target.toolArgs,
        setup: target.setup,
      };
      row.serve[side][era] = await serve(spec, era, [...tools, ...row.reviewedTools], options);
    }
  }
}

/** The official codemod alone on an export of the pristine tree: what the v1 step's own lines look like. */
function officialOnly(pristine, dest, root) {
  const official = resolveOfficialCli(path.resolve(import.meta.dirname, '..', '..'));
  if (!official) return undefined;
  exportTree(pristine, dest);
  run(process.execPath, [official.cli, 'v1-to-v2', path.join(dest, root)], { cwd: dest });
  return dest;
}

/** What the pristine tree holds beyond its commit (build outputs; node_modules stays): a failed build must not serve them. */
function removeBuildOutputs(dir) {
  run('git', ['clean', '-fdxq', '-e', 'node_modules', '-e', '.mrtr-e2e*'], { cwd: dir });
}

/** MRTR-only changed lines per rewritten site: each file with rewritten sites, compared with the v1 step's output. */
function linesPerRewrittenSite(report, root, baseline, migrated) {
  const byFile = new Map();
  for (const site of report.sites)
    if (site.decision === 'rewritten') byFile.set(site.file, (byFile.get(site.file) ?? 0) + 1);
  const out = [];
  for (const [file, count] of byFile) {
    const rel = path.join(root, file);
    const lines = changedLines(path.join(baseline, rel), path.join(migrated, rel));
    out.push({ file: rel, sites: count, lines, perSite: lines === undefined ? undefined : Math.round(lines / count) });
  }
  return out;
}

function countDecisions(sites) {
  const out = { rewritten: 0, review: 0, skipped: 0 };
  for (const site of sites) out[site.decision] = (out[site.decision] ?? 0) + 1;
  return out;
}

const sum = (items, key) => items.reduce((n, item) => n + item[key], 0);
