// Choosing the strategy: auto (the default) and replay migrate asks in helpers, explicit leaves them for review,
// and the CLI's --strategy reaches the planner.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit, type AuditOptions } from '../api/index.js';
import { loadServerModule, runMigrated2025, runOriginal } from './support/equivalence.js';
import { REPO_ROOT, discoverFixtures, expectedOutputs, readTree } from './support/fixtures.js';

const SHARED_CONFIRM = path.join(REPO_ROOT, '__fixtures__', 'mrtr', 'rewrite-replay-shared-confirm', 'input');
const DIRECT_ASK = path.join(REPO_ROOT, '__fixtures__', 'mrtr', 'rewrite-delete-confirmation.input.ts');
const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');

const decisions = async (target: string, strategy?: AuditOptions['strategy']) =>
  (await audit({ paths: [target], ...(strategy ? { strategy } : {}) })).sites.map(
    (s) => `${s.decision} ${s.strategy ?? s.reason}`,
  );

describe('--strategy', () => {
  it('auto (the default) and replay replay an ask in a helper; explicit reviews it', async () => {
    expect(await decisions(SHARED_CONFIRM)).toEqual(['rewritten replay']);
    expect(await decisions(SHARED_CONFIRM, 'explicit')).toEqual(['review ask-in-helper']);
    expect(await decisions(SHARED_CONFIRM, 'auto')).toEqual(['rewritten replay']);
    expect(await decisions(SHARED_CONFIRM, 'replay')).toEqual(['rewritten replay']);
  });

  it('auto keeps the explicit form where it applies; replay takes every ask it can', async () => {
    expect(await decisions(DIRECT_ASK, 'auto')).toEqual(['rewritten explicit']);
    expect(await decisions(DIRECT_ASK, 'replay')).toEqual(['rewritten replay']);
  });

  it('reaches the planner from the CLI (auto by default), and a dry run plans the runtime module without writing it', () => {
    const run = spawnSync(process.execPath, [CLI, '--dry-run', '--report', 'json', SHARED_CONFIRM], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as {
      sites: Array<{ strategy?: string }>;
      files: Array<{ file: string; status: string }>;
    };
    expect(report.sites.map((s) => s.strategy)).toEqual(['replay']);
    expect(
      report.files
        .filter((f) => f.status === 'changed')
        .map((f) => f.file)
        .sort(),
    ).toEqual(['confirm.ts', 'mcp-mrtr-runtime.ts', 'server.ts']);
    const bad = spawnSync(process.execPath, [CLI, '--dry-run', '--strategy', 'sometimes', SHARED_CONFIRM], {
      encoding: 'utf8',
    });
    expect(bad.status).not.toBe(0);
  });

  it('--runtime-dir places the runtime module in a folder of the target root, and refuses one outside it', () => {
    const run = spawnSync(
      process.execPath,
      [CLI, '--dry-run', '--report', 'json', '--strategy', 'auto', '--runtime-dir', 'src/generated', SHARED_CONFIRM],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as { files: Array<{ file: string; status: string }> };
    expect(
      report.files
        .filter((f) => f.status === 'changed')
        .map((f) => f.file)
        .sort(),
    ).toEqual(['confirm.ts', 'server.ts', 'src/generated/mcp-mrtr-runtime.ts']);
    const outside = spawnSync(
      process.execPath,
      [CLI, '--dry-run', '--strategy', 'auto', '--runtime-dir', '../elsewhere', SHARED_CONFIRM],
      { encoding: 'utf8' },
    );
    expect(outside.status).toBe(2);
    expect(outside.stderr).toContain('--runtime-dir');
  });
});

describe('mixed callers', () => {
  // rewrite-replay-mixed-callers: the roots helper is replayed for its tool and resource; its opt-in oninitialized
  // preload (INDEXER_PRELOAD=1) is a caller-outside-request: in a 2025-era session the runtime's ask still sends the
  // old push-style request through the one connected server, so the preload keeps working.
  const fixture = discoverFixtures().find((f) => f.name === 'rewrite-replay-mixed-callers')!;
  const write = (files: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-mixed-'));
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, 'server.ts');
  };
  const roots = { roots: () => ({ roots: [{ uri: 'file:///work/api' }] }) };
  const call = { kind: 'tool' as const, name: 'list_folders', args: {} };

  it('keeps asking outside a request in a 2025-era session, as the old call did; the tool still answers', async () => {
    process.env.INDEXER_PRELOAD = '1';
    try {
      const input = readTree(fixture.inputPath);
      const original = await loadServerModule(write(input), { fresh: true });
      const before = await runOriginal(original, 'v2', [call], roots);
      // The old server asked for the roots once at initialize (the preload) and once in the tool.
      expect(before.questions.map((q) => q.method)).toEqual(['roots/list', 'roots/list']);
      expect((original.exports?.lastPreloadFailure as () => string | undefined)()).toBeUndefined();
      const migrated = await loadServerModule(write(expectedOutputs(fixture, input)), { fresh: true });
      const after = await runMigrated2025(migrated, [call], roots);
      expect(after.questions.map((q) => q.method)).toEqual(['roots/list', 'roots/list']);
      expect(after.results).toEqual(before.results);
      expect((migrated.exports?.lastPreloadFailure as () => string | undefined)()).toBeUndefined();
    } finally {
      delete process.env.INDEXER_PRELOAD;
    }
  });
});

// A caller that passes no context reaches no ask guarded by the context's presence: konnect's nightly path calls the
// operation without `extra`, under `if (extra?.sendRequest)`. Only a guard that stays in place counts: an optional
// call is the ask itself, which the rewrite replaces (its short-circuit would go), and `ctx !== null` lets undefined
// through.
describe('a caller that passes no receiver', () => {
  const GUARDED = path.join(REPO_ROOT, '__fixtures__', 'mrtr', 'rewrite-server-subclass-guarded-context', 'input');
  const variant = (guarded: (text: string) => string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-guard-'));
    fs.cpSync(GUARDED, dir, { recursive: true });
    const ops = path.join(dir, 'ops.ts');
    fs.writeFileSync(ops, guarded(fs.readFileSync(ops, 'utf8')));
    return dir;
  };
  const outside = async (dir: string) =>
    (await audit({ paths: [dir] })).sites.map((s) => `${s.decision} ${s.strategy ?? s.reason}`);

  it('does not reach an ask under if (ctx?.mcpReq): the helper is replayed, nothing is reported for the sweep', async () => {
    expect(await outside(GUARDED)).toEqual(['rewritten replay']);
  });

  it('still reaches it under an optional call or a guard undefined passes', async () => {
    const optional = variant((t) =>
      t
        .replace('if (ctx?.mcpReq) {', 'if (true) {')
        .replace('await ctx.mcpReq.elicitInput(', 'await ctx?.mcpReq.elicitInput('),
    );
    const notNull = variant((t) => t.replace('if (ctx?.mcpReq) {', 'if (ctx !== null) {'));
    for (const dir of [optional, notNull]) {
      const found = await outside(dir);
      expect(found, dir).toContain('review caller-outside-request');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
