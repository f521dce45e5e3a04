/**
 * The stress corpus (test/stress/generateCorpus.ts): handler families x call forms x helper depths x
 * error-handling shapes, one site per server. Audit and migration over all of it: no crash, no file
 * error, every planted site found once at its line with its kind and family, asks outside MRTR-capable
 * requests never rewritten, v1 code never rewritten, the migration applying exactly the audit's plan,
 * a second migration changing nothing, and every rewritten file compiling strictly against the SDK.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { audit, migrate } from '../api/index.js';
import { REPO_ROOT, projectReport, readTree } from './support/fixtures.js';
import { MRTR_CAPABLE, generateStressCorpus, type Family, type PlantedSite } from './stress/generateCorpus.js';
import { strictDiagnostics } from './support/typecheck.js';

/** The reason a site outside any MRTR-capable request gets, by where it runs. */
const REASON_OUTSIDE: Partial<Record<Family, string>> = {
  oninitialized: 'oninitialized',
  timer: 'timer',
  event: 'event-listener',
};

let dir: string;
let planted: PlantedSite[];
let input: Record<string, string>;
let planned: Report;
let migrated: Report;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-stress-'));
  planted = generateStressCorpus(dir).sites;
  // The type check resolves the real SDKs; discovery never walks into node_modules (nor readTree into a link).
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  input = readTree(dir);
  planned = await audit({ paths: [dir] });
  migrated = await migrate({ paths: [dir] });
}, 300_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('stress corpus', () => {
  it('covers every family, form, depth and shape', () => {
    expect(planted.length).toBeGreaterThan(250);
    for (const key of ['family', 'form', 'depth', 'shape', 'sdk', 'registration'] as const) {
      expect(new Set(planted.map((s) => s[key])).size).toBeGreaterThan(1);
    }
  });

  it('audits every file without an error and finds every planted site once, where it was planted', () => {
    expect(planned.files.filter((f) => f.status === 'error' || f.status === 'skipped')).toEqual([]);
    const found = planned.sites.map((s) => `${s.file}:${s.line} ${s.kind} [${s.family}]`).sort();
    const expected = planted.map((s) => `${s.file}:${s.line} ${s.kind} [${s.family}]`).sort();
    expect(found).toEqual(expected);
  });

  it('never rewrites an ask outside an MRTR-capable request, nor v1 code', () => {
    const bySite = new Map(planted.map((p) => [`${p.file}:${p.line}`, p]));
    for (const site of planned.sites) {
      const plantedSite = bySite.get(`${site.file}:${site.line}`)!;
      if (!MRTR_CAPABLE.has(plantedSite.family)) {
        expect({ at: `${site.file}:${site.line}`, decision: site.decision, reason: site.reason }).toEqual({
          at: `${site.file}:${site.line}`,
          decision: 'review',
          reason: REASON_OUTSIDE[plantedSite.family],
        });
      }
      if (plantedSite.sdk === 'v1') expect(site.decision, `${site.file}:${site.line}`).toBe('review');
      if (site.decision === 'review') expect(site.reason, `${site.file}:${site.line}`).toBeTruthy();
    }
    // The shapes the explicit strategy documents (an ask written in a v2 handler) are rewritten.
    const rewritten = planned.sites.filter((s) => s.decision === 'rewritten');
    const directPlain = planted.filter(
      (p) => p.depth === 0 && p.sdk === 'v2' && p.shape === 'plain' && MRTR_CAPABLE.has(p.family),
    );
    expect(directPlain.length).toBeGreaterThan(4);
    for (const p of directPlain) expect(rewritten.map((s) => `${s.file}:${s.line}`)).toContain(`${p.file}:${p.line}`);
    // A v2 tool registered by a loop over a tool list is replayed there, directly or through a helper.
    const looped = planted.filter((p) => p.registration === 'loop' && p.sdk === 'v2');
    expect(looped.length).toBeGreaterThan(4);
    for (const p of looped) {
      const site = planned.sites.find((s) => s.file === p.file && s.line === p.line);
      expect({
        at: `${p.file}:${p.line}`,
        decision: site?.decision,
        strategy: site?.strategy,
        family: site?.family,
      }).toEqual({ at: `${p.file}:${p.line}`, decision: 'rewritten', strategy: 'replay', family: 'tools/call' });
    }
  });

  it('migrates exactly the planned changes, and a second run changes nothing', async () => {
    expect(projectReport(migrated)).toEqual(projectReport(planned));
    expect(migrated.files.filter((f) => f.status === 'error')).toEqual([]);
    const output = readTree(dir);
    const changed = Object.keys(output)
      .filter((f) => output[f] !== input[f])
      .sort();
    expect(changed).toEqual(
      migrated.files
        .filter((f) => f.status === 'changed')
        .map((f) => f.file)
        .sort(),
    );
    // Every file holding a site changed (rewritten, or a review marker above the site).
    const withSites = new Set(planted.map((p) => p.file));
    for (const file of withSites) expect(changed).toContain(file);
    // Any other change is the generated replay runtime, or the registration of a replayed handler (wrapped).
    const created = new Set(migrated.files.filter((f) => f.created).map((f) => f.file));
    expect([...created].map((f) => path.posix.basename(f))).toEqual(['mcp-mrtr-runtime.ts']);
    const replayedHandlers = new Set(
      migrated.sites.filter((s) => s.strategy === 'replay').flatMap((s) => s.chains.map((c) => c[0]!.file)),
    );
    expect(replayedHandlers.size).toBeGreaterThan(0);
    const others = changed.filter((f) => !withSites.has(f) && !created.has(f));
    for (const file of others) expect(replayedHandlers, file).toContain(file);

    const again = await migrate({ paths: [dir] });
    expect(again.files.filter((f) => f.status !== 'unchanged')).toEqual([]);
    expect(readTree(dir)).toEqual(output);
  });

  it('every rewritten file type-checks strictly against the SDK', () => {
    // The files with rewritten sites, and every other file the migration changed (runtime, wrapped registrations).
    const rewrittenFiles = [
      ...new Set([
        ...migrated.sites.filter((s) => s.decision === 'rewritten').map((s) => s.file),
        ...migrated.files.filter((f) => f.status === 'changed').map((f) => f.file),
      ]),
    ].map((f) => path.join(dir, f));
    expect(rewrittenFiles.length).toBeGreaterThan(10);
    const diagnostics = strictDiagnostics(rewrittenFiles, dir);
    expect(diagnostics).toEqual([]);
  }, 120_000);
});
