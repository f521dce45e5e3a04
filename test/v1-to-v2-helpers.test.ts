import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compileTree,
  loadServerModule,
  runMigrated2025,
  runMigrated2026,
  runMigratedOverHttp,
  runOriginal,
  runOriginalOverHttp,
  runOverStdio,
  type Call,
} from './support/equivalence.js';
import { FIXTURES_ROOT, migratedTree } from './support/fixtures.js';
import { confirmOnceScript, removeTemps } from './support/v1-to-v2.js';

afterEach(removeTemps);

let elicits = 0;
// The first confirmation is accepted (the note goes), the next declined.
const script = confirmOnceScript(() => elicits++);

// The bar: a v1 server with a shared confirm helper (two tools), a sampling helper and stdio serving,
// migrated by one run (v1-to-v2 step, then MRTR with the auto strategy: helpers by replay) into a v2 server that
// compiles and answers as the original did, over stdio in both eras. Through the library (`v1ToV2: true`,
// `strategy: 'auto'`), which is what the CLI passes by default plus `--strategy auto`.
describe('v1 server with shared helpers, migrated by one command', () => {
  // The fixture `v1-to-v2-cli/rewrite-notes-helpers` pins the migration (every site rewritten by replay, served by
  // serveStdio, strict compile with the rewrite fixtures, a second run); here it runs.
  const HELPERS = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'rewrite-notes-helpers');
  const HELPERS_INPUT = path.join(HELPERS, 'input');
  // The migrated tree as files (its runtime is a reference to the shared copy), to compile and run.
  const helpersMigrated = () => migratedTree(HELPERS);
  const helperCalls: Call[] = [
    { kind: 'tool', name: 'summarize_note', args: { id: '1' } },
    { kind: 'tool', name: 'delete_note', args: { id: '2' } },
    { kind: 'tool', name: 'clear_notes' },
    { kind: 'tool', name: 'summarize_note', args: { id: '1' } },
  ];

  it('answers as the v1 original over stdio (real child processes; v2 clients in the 2025 and 2026 eras)', async () => {
    const original = path.join(compileTree(HELPERS_INPUT), 'src', 'index.js');
    const migrated = path.join(compileTree(helpersMigrated()), 'src', 'index.js');
    elicits = 0;
    const viaV1 = await runOverStdio(original, 'v1', helperCalls, script);
    expect(viaV1.questions.map((q) => q.method)).toEqual([
      'sampling/createMessage',
      'elicitation/create',
      'elicitation/create',
      'sampling/createMessage',
    ]);
    for (const era of ['2025', '2026'] as const) {
      elicits = 0;
      expect(await runOverStdio(migrated, era, helperCalls, script), era).toEqual(viaV1);
    }
  });

  it('answers as the v1 original in the 2026 era through createMcpHandler (fetch, in process) and in the 2025 era through the shim (in memory)', async () => {
    const load = (root: string) => loadServerModule(path.join(root, 'src', 'server.ts'), { root, fresh: true });
    elicits = 0;
    const original = await runOriginal(await load(HELPERS_INPUT), 'v1', helperCalls, script);
    elicits = 0;
    expect(await runMigrated2026(await load(helpersMigrated()), helperCalls, script)).toEqual(original);
    elicits = 0;
    expect(await runMigrated2025(await load(helpersMigrated()), helperCalls, script)).toEqual(original);
  });

  it('answers as the v1 original over real loopback HTTP: v1 sessionful wiring, then createMcpHandler(build) with a 2026-era client', async () => {
    const load = (root: string) => loadServerModule(path.join(root, 'src', 'server.ts'), { root, fresh: true });
    elicits = 0;
    const original = await runOriginalOverHttp(await load(HELPERS_INPUT), helperCalls, script);
    expect(original.questions.map((q) => q.method)).toEqual([
      'sampling/createMessage',
      'elicitation/create',
      'elicitation/create',
      'sampling/createMessage',
    ]);
    elicits = 0;
    expect(await runMigratedOverHttp(await load(helpersMigrated()), '2026', helperCalls, script)).toEqual(original);
  });

  // A limit to know when wiring HTTP (issue 6, item 2): createMcpHandler serves 2025-era traffic statelessly, one
  // instance per request, so the instance that runs a tool never saw the client's initialize (no capabilities) and
  // cannot send it requests. Asks reach 2025-era HTTP clients only through a sessionful legacy route
  // (isLegacyRequest in front of createMcpHandler(build, { legacy: 'reject' })).
  it('over real loopback HTTP, a 2025-era client of createMcpHandler (stateless legacy serving) gets the fallbacks, not the asks', async () => {
    const load = (root: string) => loadServerModule(path.join(root, 'src', 'server.ts'), { root, fresh: true });
    elicits = 0;
    const transcript = await runMigratedOverHttp(await load(helpersMigrated()), '2025', helperCalls, script);
    expect(transcript.questions).toEqual([]);
    expect(transcript.results.map((r) => JSON.stringify(r))).toEqual([
      JSON.stringify({ content: [{ type: 'text', text: 'Buy milk, eggs and bread before the shop closes at six.' }] }),
      JSON.stringify({ content: [{ type: 'text', text: 'Kept.' }] }),
      JSON.stringify({ content: [{ type: 'text', text: 'Kept.' }] }),
      JSON.stringify({ content: [{ type: 'text', text: 'Buy milk, eggs and bread before the shop closes at six.' }] }),
    ]);
  });

  it('answers as the v1 original over real loopback HTTP in both eras behind the wiring the advice names (a sessionful route for 2025 traffic, createMcpHandler for 2026)', async () => {
    const load = (root: string) => loadServerModule(path.join(root, 'src', 'server.ts'), { root, fresh: true });
    elicits = 0;
    const original = await runOriginalOverHttp(await load(HELPERS_INPUT), helperCalls, script);
    for (const era of ['2025', '2026'] as const) {
      elicits = 0;
      expect(
        await runMigratedOverHttp(await load(helpersMigrated()), era, helperCalls, script, {
          wiring: 'sessionful-legacy',
        }),
        era,
      ).toEqual(original);
    }
  });
});
