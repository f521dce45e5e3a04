import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverFiles } from '../lib/files.js';
import { finishCodemod } from '../transforms/v1-to-v2/engine/finishCodemod.js';
import { v1StepInputs } from '../transforms/v1-to-v2/ids.js';
import { runCodemodPart, runOfficialCodemod } from '../transforms/v1-to-v2/engine/runOfficialCodemod.js';
import { SPLIT_MIN_BYTES, splitCodemodFiles } from '../transforms/v1-to-v2/engine/splitCodemod.js';
import { REPO_ROOT } from './support/fixtures.js';
import { splitProject } from './support/splitProject.js';
import { CLI, removeTemps, temps, tempTree } from './support/v1-to-v2.js';

// The official codemod's run split over two worker threads (transforms/v1-to-v2/splitCodemod.ts) must give exactly
// what one run gives: each part runs in a copy of the whole folder (the codemod infers the project type from it) with
// the other part's files ignored, and the parts' files, diagnostics and manifest warnings are merged as one run
// orders them. The project (test/support/splitProject.ts) has a client module and a types-only module whose imports
// and diagnostic depend on that inference, codemod warnings, infos and markers, and a manifest warning.

afterEach(removeTemps);

/** Every file of a tree as bytes, by relative path. */
function readBytes(dir: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full).split(path.sep).join('/')] = fs.readFileSync(full);
  }
  return out;
}

const PRELOAD = path.join(REPO_ROOT, 'test', 'support', 'recordStepWorkers.cjs');

/** The CLI's migration of `dir` (report JSON on stdout), and what its v1 step's workers were asked (see recordStepWorkers.cjs). */
function migrate(dir: string, threads: string) {
  const record = `${dir}.workers.json`;
  temps.push(record);
  const env: NodeJS.ProcessEnv = { ...process.env, MCP_MRTR_TEST_STEP_WORKERS_OUT: record };
  delete env.MCP_MRTR_V1_STEP_IN_THREAD;
  env.MCP_MRTR_V1_STEP_THREADS = threads;
  const result = spawnSync(process.execPath, ['--require', PRELOAD, CLI, '--report', 'json', dir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env,
  });
  const workers = JSON.parse(fs.readFileSync(record, 'utf8')) as Array<number | null>;
  const [report, stderr] = [result.stdout, result.stderr].map((text) => text.split(dir).join('<root>'));
  return { code: result.status, report, stderr, workers };
}

describe('the v1 step split over two worker threads', () => {
  it('two parts of the official codemod run give what one run gives', async () => {
    const dir = tempTree(splitProject(10));
    const { root, files } = await discoverFiles([dir], {});
    const parts = splitCodemodFiles(v1StepInputs(files), '2')!;
    expect(parts.map((part) => part.length)).toEqual([7, 7]);
    const one = runOfficialCodemod(root, files);
    const two = finishCodemod(
      files,
      parts.map((own) => runCodemodPart(root, files, new Set(own))),
    );
    expect([...two.texts]).toEqual([...one.texts]);
    expect(two.findings).toEqual(one.findings);
    expect(two.manifestWarnings).toEqual(one.manifestWarnings);
    // What the merge has to get right is there: inferred imports, the codemod's own findings, its manifest warning.
    expect(one.texts.get(path.join(root, 'src/shared/types.ts'))).toContain("from '@modelcontextprotocol/server'");
    const reasons = one.findings.map((f) => `${f.file} ${f.reason}`);
    expect(reasons).toContain('src/shared/types.ts codemod-info');
    expect(reasons).toContain('src/tools/module0.ts codemod-warning');
    expect([...one.texts.values()].filter((text) => text.includes('@mcp-codemod-error')).length).toBe(2);
    expect(one.manifestWarnings).toHaveLength(1);
  }, 120_000);

  it('splits from SPLIT_MIN_BYTES of v1 files, with a core idle on average, or when told to', async () => {
    const large = v1StepInputs(
      (await discoverFiles([tempTree(splitProject(15, (SPLIT_MIN_BYTES * 1.2) / 15))], {})).files,
    );
    const small = v1StepInputs((await discoverFiles([tempTree(splitProject(10))], {})).files);
    const idle = { cores: 2, load: 0.4 };
    const [first, second] = splitCodemodFiles(large, '', idle)!;
    // The first worker, warm when the files arrive, takes more.
    expect(first.length).toBeGreaterThan(second.length);
    expect(splitCodemodFiles(small, '', idle)).toBeUndefined();
    expect(splitCodemodFiles(large, '', { cores: 2, load: 1.6 })).toBeUndefined();
    expect(splitCodemodFiles(large, '', { cores: 1, load: 0 })).toBeUndefined();
    expect(splitCodemodFiles(large, '1', idle)).toBeUndefined();
    expect(splitCodemodFiles(small, '2', { cores: 1, load: 9 })).toBeDefined();
  }, 60_000);

  it('the CLI writes the same bytes and the same report split as in one thread', async () => {
    const project = splitProject(15, (SPLIT_MIN_BYTES * 1.2) / 15);
    const split = tempTree(project);
    const single = tempTree(project);
    const twoThreads = migrate(split, '2');
    const oneThread = migrate(single, '1');
    // Two workers, each with its share of the files; then one worker with all of them.
    expect(twoThreads.workers).toHaveLength(2);
    expect(twoThreads.workers.every((count) => count !== null && count > 0)).toBe(true);
    expect(oneThread.workers).toEqual([null]);
    expect(twoThreads.code).toBe(0);
    expect(oneThread.code).toBe(0);
    expect(readBytes(split)).toEqual(readBytes(single));
    expect(twoThreads.report).toBe(oneThread.report);
    expect(twoThreads.stderr).toBe(oneThread.stderr);
    // The run did change the tree, and reported the codemod's findings.
    expect(readBytes(split)['src/shared/types.ts']!.toString()).toContain('@modelcontextprotocol/server');
    const report = JSON.parse(twoThreads.report) as { findings: Array<{ reason: string }> };
    const reasons = new Set(report.findings.map((f) => f.reason));
    for (const reason of ['codemod-info', 'codemod-warning', 'codemod-error-marker', 'manifest-warning'])
      expect(reasons).toContain(reason);
  }, 240_000);
});
