import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { auditWithTexts, migrate } from '../api/index.js';
import {
  compileTree,
  fetchWithHost,
  loadServerModule,
  runMigrated2025,
  runMigrated2026,
  runMigratedOverHttp,
  runOriginal,
  runOriginalOverHttp,
  runOverHttp,
  runOverStdio,
  startHttpEntry,
  type Call,
  type ClientScript,
  type Transcript,
} from './support/equivalence.js';
import {
  FIXTURES_ROOT,
  materializedTree,
  readExpectedTree,
  readTree,
  REPO_ROOT,
  snapshotTree,
  writeExpectedFile,
} from './support/fixtures.js';
import { strictDiagnostics } from './support/typecheck.js';

/** Strict type errors of every `.ts` file of a tree, against the installed SDKs. */
function strictDiagnosticsOfTree(dir: string): string[] {
  const files = Object.keys(readTree(dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
  return strictDiagnostics(files, REPO_ROOT);
}

// A v1 server (two asks in tool handlers, stdio serving, package.json on sdk 1.x and zod 3) migrated by one
// command: the official v1-to-v2 codemod, then the MRTR transform, one plan. Expected tree: `expected/`
// (UPDATE_FIXTURES=1 rewrites it; read its diff). An expected tree may name a shared copy of the generated replay runtime
// instead of holding it (`mcp-mrtr-runtime.ts.shared`, see test/support/fixtures.ts): compare with `readExpectedTree`,
// compile or run `materializedTree(...)`.
const CASE = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'notes-mini');
const INPUT = path.join(CASE, 'input');
const EXPECTED = path.join(CASE, 'expected');
const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const SCHEMA = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schema', 'report.schema.json'), 'utf8'));
const UPDATE = process.env.UPDATE_FIXTURES === '1';
const temps: string[] = [];

function run(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function copyOf(source: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-v1-to-v2-'));
  temps.push(dir);
  fs.cpSync(source, dir, { recursive: true });
  return dir;
}

function tempTree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-v1-to-v2-'));
  temps.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/**
 * The migrated tree equals the expected one (UPDATE_FIXTURES=1 rewrites the expected tree first, with a reference to
 * the shared copy for a file that equals it: read its diff).
 */
function expectTree(output: Record<string, string>, expected: string): void {
  if (UPDATE) {
    fs.rmSync(expected, { recursive: true, force: true });
    for (const [file, text] of Object.entries(output)) writeExpectedFile(path.join(expected, file), text);
  }
  expect(output).toEqual(readExpectedTree(expected));
}

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const calls: Call[] = [
  { kind: 'tool', name: 'summarize_note', args: { id: '1' } },
  { kind: 'tool', name: 'delete_note', args: { id: '1' } },
  { kind: 'tool', name: 'delete_note', args: { id: '1' } },
];
let elicits = 0;
// The first confirmation is accepted (the note goes), the next declined.
const script: ClientScript = {
  elicit: () => (elicits++ === 0 ? { action: 'accept', content: { confirm: true } } : { action: 'decline' }) as never,
  sample: () =>
    ({ role: 'assistant', content: { type: 'text', text: 'Groceries before six.' }, model: 'test-model' }) as never,
};

describe('v1 projects: the official v1-to-v2 codemod, then MRTR, in one run', () => {
  it('shows the combined plan in a dry run (source files and package.json, one diff each) and writes nothing', () => {
    const dir = copyOf(INPUT);
    const before = snapshotTree(dir);
    const { code, stdout } = run(['--dry-run', '--diff', '--quiet', dir]);
    expect(code).toBe(0);
    expect(snapshotTree(dir)).toEqual(before);
    expect([...stdout.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1])).toEqual([
      'package.json',
      'src/index.ts',
      'src/server.ts',
    ]);
    // One diff per file, from the v1 text to the final text: the v1 import and the MRTR rewrite in the same hunk set.
    expect(stdout).toContain("-import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';");
    expect(stdout).toContain(
      '+        return inputRequired({ inputRequests: { ask_delete_note: inputRequired.elicit({',
    );
    // Applied, the dry run's patch gives exactly what the migration writes.
    const patched = copyOf(INPUT);
    const patch = path.join(patched, '..', `${path.basename(patched)}.patch`);
    temps.push(patch);
    fs.writeFileSync(patch, stdout);
    const applied = spawnSync('git', ['apply', patch], { cwd: patched, encoding: 'utf8' });
    expect(applied.stderr).toBe('');
    const migrated = copyOf(INPUT);
    expect(run(['--quiet', migrated]).code).toBe(0);
    expect(readTree(patched)).toEqual(readTree(migrated));
  });

  it('migrates to the expected v2 tree, and a second run changes nothing', () => {
    const dir = copyOf(INPUT);
    const first = run(['--report', 'json', dir]);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    expect(new Ajv({ strict: false }).validate(SCHEMA, report)).toBe(true);
    expect(report.sites.map((s) => `${s.file}:${s.line} ${s.sdk} ${s.decision}`)).toEqual([
      'src/server.ts:17 v2 rewritten',
      'src/server.ts:31 v2 rewritten',
    ]);
    expect(report.files.filter((f) => f.status === 'changed').map((f) => f.file)).toEqual([
      'package.json',
      'src/index.ts',
      'src/server.ts',
    ]);
    expect(
      report.findings?.filter((f) => f.decision === 'review').map((f) => `${f.file} ${f.transform}/${f.reason}`),
    ).toEqual(['package.json v1-to-v2/zod-raised']);
    const output = readTree(dir);
    expectTree(output, EXPECTED);
    const manifest = JSON.parse(output['package.json']!) as { dependencies: Record<string, string> };
    expect(manifest.dependencies).toEqual({ '@modelcontextprotocol/server': '^2.4.0', zod: '^4.2.0' });

    const again = run(['--report', 'json', dir]);
    expect(again.code).toBe(0);
    expect((JSON.parse(again.stdout) as Report).files.filter((f) => f.status !== 'unchanged')).toEqual([]);
    expect(readTree(dir)).toEqual(output);
  });

  it('gives v2 code that compiles under strict TypeScript (NodeNext) against the installed v2 SDK', () => {
    const files = Object.keys(readTree(EXPECTED))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join(EXPECTED, f));
    expect(files.length).toBe(2);
    expect(strictDiagnostics(files, REPO_ROOT)).toEqual([]);
  });

  it('behaves as the v1 original did: same questions, same results, 2026 era and the 2025 shim', async () => {
    const load = (root: string) => loadServerModule(path.join(root, 'src', 'server.ts'), { root, fresh: true });
    elicits = 0;
    const original = await runOriginal(await load(INPUT), 'v1', calls, script);
    elicits = 0;
    const migrated2026 = await runMigrated2026(await load(EXPECTED), calls, script);
    elicits = 0;
    const migrated2025 = await runMigrated2025(await load(EXPECTED), calls, script);
    expect(original.results.map((r) => JSON.stringify(r))).toContain(
      JSON.stringify({ content: [{ type: 'text', text: 'Deleted note 1.' }] }),
    );
    expect(migrated2026).toEqual(original);
    expect(migrated2025).toEqual(original);
  });

  it('serves as the v1 original did over stdio, as a real child process: v1 client, then v2 clients in the 2025 and 2026 eras', async () => {
    // The original entry connects a StdioServerTransport (2025 only); the migrated one is served by serveStdio(() => build()).
    expect(fs.readFileSync(path.join(EXPECTED, 'src', 'index.ts'), 'utf8')).toContain('serveStdio(() => build());');
    const original = path.join(compileTree(INPUT), 'src', 'index.js');
    const migrated = path.join(compileTree(EXPECTED), 'src', 'index.js');
    elicits = 0;
    const viaV1 = await runOverStdio(original, 'v1', calls, script);
    expect(viaV1.results.map((r) => JSON.stringify(r))).toContain(
      JSON.stringify({ content: [{ type: 'text', text: 'Deleted note 1.' }] }),
    );
    for (const era of ['2025', '2026'] as const) {
      elicits = 0;
      expect(await runOverStdio(migrated, era, calls, script), era).toEqual(viaV1);
    }
  });

  it('with --no-v1-to-v2, leaves v1 files to review and package.json alone', () => {
    const dir = copyOf(INPUT);
    const { code, stdout } = run(['--dry-run', '--no-v1-to-v2', '--report', 'json', dir]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report.sites.map((s) => `${s.sdk} ${s.decision} ${s.reason}`)).toEqual([
      'v1 review no-strategy-yet',
      'v1 review no-strategy-yet',
    ]);
    expect(report.files.find((f) => f.file === 'package.json')).toBeUndefined();
    expect(report.findings).toBeUndefined();
  });

  it('leaves v1 CommonJS code (which the official codemod does not touch) on v1: review items, package.json and its zod unchanged', () => {
    const manifest =
      JSON.stringify(
        { name: 'c', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', zod: '^3.25.76' } },
        null,
        2,
      ) + '\n';
    const dir = tempTree({
      'package.json': manifest,
      'server.js': [
        "const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');",
        "const { z } = require('zod');",
        'function build() {',
        "  const server = new McpServer({ name: 'c', version: '1.0.0' });",
        "  server.registerTool('ok', { inputSchema: { id: z.string() } }, async ({ id }) => {",
        "    const answer = await server.server.elicitInput({ message: `ok ${id}?`, requestedSchema: { type: 'object', properties: {} } });",
        "    return { content: [{ type: 'text', text: answer.action }] };",
        '  });',
        '  return server;',
        '}',
        'module.exports = { build };',
        '',
      ].join('\n'),
    });
    const { code, stdout } = run(['--dry-run', '--report', 'json', dir]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report.sites.map((s) => `${s.sdk} ${s.decision} ${s.reason}`)).toEqual(['v1 review no-strategy-yet']);
    expect(report.files.find((f) => f.file === 'package.json')).toBeUndefined();
    expect((report.findings ?? []).filter((f) => f.reason === 'zod-raised')).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(manifest);
  });

  it('raises zod below 4 once code imports the v2 SDK, though no file imports zod itself (the SDK needs it)', () => {
    const dir = tempTree({
      'package.json':
        JSON.stringify(
          { name: 'z', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', zod: '^3.22.0' } },
          null,
          2,
        ) + '\n',
      'src/server.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function build() {\n  return new McpServer({ name: 'z', version: '1.0.0' });\n}\n",
    });
    const { code, stdout } = run(['--dry-run', '--report', 'json', dir]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(
      (report.findings ?? []).filter((f) => f.decision === 'review').map((f) => `${f.file} ${f.transform}/${f.reason}`),
    ).toEqual(['package.json v1-to-v2/zod-raised']);
    expect(report.files.find((f) => f.file === 'package.json')?.status).toBe('changed');
  });

  it("reports the official codemod's @mcp-codemod-error markers as review items, and keeps the v1 package while a file imports it", () => {
    const dir = tempTree({
      'package.json':
        JSON.stringify(
          { name: 'x', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', zod: '^4.2.0' } },
          null,
          2,
        ) + '\n',
      'src/server.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const server = new McpServer({ name: 'x', version: '1.0.0' });\n",
      'src/odd.ts':
        "import { something } from '@modelcontextprotocol/sdk/no/such/path.js';\nexport const odd = something;\n",
    });
    const dry = run(['--dry-run', '--report', 'json', '--fail-on', 'review', dir]);
    expect(dry.code).toBe(1);
    const report = JSON.parse(dry.stdout) as Report;
    expect(new Ajv({ strict: false }).validate(SCHEMA, report)).toBe(true);
    expect(
      report.findings
        ?.filter((f) => f.decision === 'review')
        .map((f) => `${f.file}:${f.line} ${f.transform}/${f.reason}`),
    ).toEqual(['src/odd.ts:1 v1-to-v2/codemod-error-marker']);
    expect(run(['--quiet', dir]).code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'src/odd.ts'), 'utf8')).toMatch(
      /^\/\* @mcp-codemod-error .*\*\/\nimport \{ something \} from '@modelcontextprotocol\/sdk\/no\/such\/path\.js';/,
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies).toEqual({
      '@modelcontextprotocol/sdk': '^1.32.2',
      '@modelcontextprotocol/server': '^2.4.0',
      zod: '^4.2.0',
    });
    // The marker is still work left: the next run lists it again and changes nothing.
    const second = run(['--dry-run', '--report', 'json', dir]);
    const again = JSON.parse(second.stdout) as Report;
    expect(again.findings?.map((f) => `${f.file}:${f.line} ${f.reason}`)).toEqual([
      'src/odd.ts:1 codemod-error-marker',
    ]);
    expect(again.files.filter((f) => f.status !== 'unchanged')).toEqual([]);
  });
});

// The bar: a v1 server with a shared confirm helper (two tools), a sampling helper and stdio serving,
// migrated by one run (v1-to-v2 step, then MRTR with the auto strategy: helpers by replay) into a v2 server that
// compiles and answers as the original did, over stdio in both eras. Through the library (`v1ToV2: true`,
// `strategy: 'auto'`), which is what the CLI passes by default plus `--strategy auto`.
describe('v1 server with shared helpers, migrated by one command', () => {
  const HELPERS = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'notes-helpers');
  const HELPERS_INPUT = path.join(HELPERS, 'input');
  const HELPERS_EXPECTED = path.join(HELPERS, 'expected');
  // The expected tree as files (its runtime is a reference to the shared copy), to compile and run.
  const helpersMigrated = () => materializedTree(HELPERS_EXPECTED);
  const helperCalls: Call[] = [
    { kind: 'tool', name: 'summarize_note', args: { id: '1' } },
    { kind: 'tool', name: 'delete_note', args: { id: '2' } },
    { kind: 'tool', name: 'clear_notes' },
    { kind: 'tool', name: 'summarize_note', args: { id: '1' } },
  ];

  it('migrates to the expected tree with every site rewritten, and a second run changes nothing', async () => {
    const dir = copyOf(HELPERS_INPUT);
    const report = await migrate({ paths: [dir], v1ToV2: true, strategy: 'auto' });
    expect(report.files.filter((f) => f.status === 'error')).toEqual([]);
    expect(report.sites.map((s) => `${s.file}:${s.line} ${s.decision} ${s.strategy}`)).toEqual([
      'src/helpers/confirm.ts:7 rewritten replay',
      'src/helpers/summarize.ts:6 rewritten replay',
    ]);
    const output = readTree(dir);
    expectTree(output, HELPERS_EXPECTED);
    expect(output['src/index.ts']).toContain('serveStdio(() => build());');
    const again = await migrate({ paths: [dir], v1ToV2: true, strategy: 'auto' });
    expect(again.files.filter((f) => f.status !== 'unchanged')).toEqual([]);
  });

  it('compiles under strict TypeScript (NodeNext)', () => {
    expect(strictDiagnosticsOfTree(helpersMigrated())).toEqual([]);
  });

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

// A module-level server with its registrations in the same module, served over stdio: wrapped into a factory.
describe('v1 module-level server served over stdio', () => {
  const MODULE = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'module-server');
  const MODULE_INPUT = path.join(MODULE, 'input');
  const MODULE_EXPECTED = path.join(MODULE, 'expected');
  const greetCalls: Call[] = [
    { kind: 'tool', name: 'greet', args: { name: 'Ada' } },
    { kind: 'tool', name: 'greet', args: { name: 'Bob' } },
  ];

  it('is wrapped into build() and served by serveStdio(() => build()); a second run changes nothing', () => {
    const dir = copyOf(MODULE_INPUT);
    const first = run(['--report', 'json', dir]);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    expect(report.sites.map((s) => `${s.file}:${s.line} ${s.decision}`)).toEqual(['src/index.ts:9 rewritten']);
    expect(report.findings?.map((f) => `${f.file} ${f.reason}`)).toContain('src/index.ts served-by-serve-stdio');
    const output = readTree(dir);
    expectTree(output, MODULE_EXPECTED);
    expect(output['src/index.ts']).toMatch(/^function build\(\): McpServer \{$/m);
    expect(output['src/index.ts']).toMatch(/^serveStdio\(\(\) => build\(\)\);$/m);
    const again = run(['--report', 'json', dir]);
    expect((JSON.parse(again.stdout) as Report).files.filter((f) => f.status !== 'unchanged')).toEqual([]);
  });

  it('compiles under strict TypeScript (NodeNext)', () => {
    expect(strictDiagnostics([path.join(MODULE_EXPECTED, 'src', 'index.ts')], REPO_ROOT)).toEqual([]);
  });

  it('answers as the v1 original over stdio, as real child processes, in both eras', async () => {
    const original = path.join(compileTree(MODULE_INPUT), 'src', 'index.js');
    const migrated = path.join(compileTree(MODULE_EXPECTED), 'src', 'index.js');
    elicits = 0;
    const viaV1 = await runOverStdio(original, 'v1', greetCalls, script);
    expect(viaV1.results.map((r) => JSON.stringify(r))).toEqual([
      JSON.stringify({ content: [{ type: 'text', text: 'Hello, Ada!' }] }),
      JSON.stringify({ content: [{ type: 'text', text: 'Not greeted.' }] }),
    ]);
    for (const era of ['2025', '2026'] as const) {
      elicits = 0;
      expect(await runOverStdio(migrated, era, greetCalls, script), era).toEqual(viaV1);
    }
  });

  it("a stdio transport held in a function's own variable is a review item (its declaration would outlive the connect), not a silent miss", async () => {
    const dir = tempTree({
      'package.json':
        JSON.stringify(
          { name: 'x', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } },
          null,
          2,
        ) + '\n',
      'src/index.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
        'function build() {',
        "  return new McpServer({ name: 'x', version: '1.0.0' });",
        '}',
        'async function main() {',
        '  const transport = new StdioServerTransport();',
        '  await build().connect(transport);',
        '}',
        'await main();',
        '',
      ].join('\n'),
    });
    const { report, texts } = await auditWithTexts({ paths: [dir], v1ToV2: true });
    const review = (report.findings ?? []).filter((f) => f.decision === 'review');
    expect(review.map((f) => `${f.file}:${f.line} ${f.reason}`)).toEqual(['src/index.ts:10 serving-2025-only']);
    expect(review[0]!.message).toContain('serveStdio(() => build())');
    expect(texts.get(path.join(dir, 'src', 'index.ts'))?.after.split('\n')[8]).toMatch(
      /^  \/\* @mcp-mrtr-review serving-2025-only: /,
    );
  });

  it('an exported module-level server is not wrapped: a review item with the advice', () => {
    const dir = tempTree({
      'package.json':
        JSON.stringify(
          { name: 'x', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } },
          null,
          2,
        ) + '\n',
      'src/index.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
        "export const server = new McpServer({ name: 'x', version: '1.0.0' });",
        "server.registerTool('ping', {}, async () => ({ content: [] }));",
        'await server.connect(new StdioServerTransport());',
        '',
      ].join('\n'),
    });
    const { stdout } = run(['--dry-run', '--report', 'json', dir]);
    const findings = (JSON.parse(stdout) as Report).findings ?? [];
    const review = findings.filter((f) => f.decision === 'review');
    // The marker goes above the connect (line 6 of the official codemod's output), so the connect is on line 7.
    expect(review.map((f) => `${f.file}:${f.line} ${f.transform}/${f.reason}`)).toEqual([
      'src/index.ts:7 v1-to-v2/serving-2025-only',
    ]);
    expect(review[0]!.message).toContain('serveStdio(() => build())');
  });
});

// v1 servers served over Streamable HTTP, each in a shape of the v1 SDK's own examples: the migration routes
// 2026-era requests to createMcpHandler(() => build(), { legacy: 'reject' }) and keeps the original session code for
// 2025-era requests. Each fixture's own entry runs as a real process on a loopback port: the original (v1 SDK) and
// the migrated tree (v2), driven by the v1 client and the v2 client in both eras with the same script.
describe('v1 servers over Streamable HTTP: Express (sessionful, stateless), node:http, Hono', () => {
  const TOKEN = 'test-token-0123456789';
  const AUTH = { authorization: `Bearer ${TOKEN}` };
  const httpCalls: Call[] = [
    { kind: 'tool', name: 'summarize_note', args: { id: '1' } },
    { kind: 'tool', name: 'delete_note', args: { id: '1' } },
    { kind: 'tool', name: 'summarize_note', args: { id: '1' } },
  ];
  // Which of the original's guards each fixture has: a bearer token (custom middleware or in the listener), a Host check.
  const CASES = [
    {
      name: 'http-express-sessionful',
      route: "app.post('/mcp')",
      token: true,
      host: true,
      asks: true,
      imports: ['@modelcontextprotocol/server', '@modelcontextprotocol/node', '@modelcontextprotocol/express'],
    },
    {
      name: 'http-express-stateless',
      route: "app.post('/mcp')",
      token: false,
      host: true,
      asks: false,
      imports: ['@modelcontextprotocol/node', '@modelcontextprotocol/express', '@modelcontextprotocol/server'],
    },
    {
      name: 'http-node',
      route: 'createServer',
      token: true,
      host: true,
      asks: true,
      imports: ['@modelcontextprotocol/server', '@modelcontextprotocol/node'],
    },
    {
      name: 'http-hono',
      route: "app.all('/mcp')",
      token: true,
      host: false,
      asks: true,
      imports: ['@modelcontextprotocol/server'],
    },
  ];

  for (const c of CASES) {
    const input = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', c.name, 'input');
    const expected = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', c.name, 'expected');
    const env = { MCP_TOKEN: TOKEN };
    const headers = c.token ? AUTH : {};
    // A fresh process per run: the notes live in the server's module.
    const serveOnce = async (
      entry: string,
      era: 'v1' | '2025' | '2026',
      calls: Call[],
      runHeaders: Record<string, string> = headers,
    ) => {
      const server = await startHttpEntry(entry, { env });
      try {
        elicits = 0;
        return await runOverHttp(server.url, era, calls, script, { headers: runHeaders });
      } finally {
        await server.stop();
      }
    };

    describe(c.name, () => {
      it('migrates to the expected tree (the HTTP wiring routed by era, a note per route), plans the same bytes in a dry run, and a second run changes nothing', () => {
        const dir = copyOf(input);
        const dry = copyOf(input);
        const before = snapshotTree(dry);
        const planned = run(['--dry-run', '--diff', '--quiet', dry]);
        expect(planned.code, planned.stderr).toBe(0);
        expect(snapshotTree(dry)).toEqual(before);
        const first = run(['--report', 'json', dir]);
        expect(first.code, first.stderr).toBe(0);
        const report = JSON.parse(first.stdout) as Report;
        expect(new Ajv({ strict: false }).validate(SCHEMA, report)).toBe(true);
        expect(report.sites.map((s) => `${s.file}:${s.line} ${s.decision}`)).toEqual([
          'src/server.ts:17 rewritten',
          'src/server.ts:31 rewritten',
        ]);
        const notes = (report.findings ?? []).filter(
          (f) => f.reason === 'served-by-mcp-handler' || f.reason === 'serving-2025-only',
        );
        expect(notes.map((f) => `${f.file} ${f.reason} ${f.message.split(':')[0]}`)).toEqual([
          `src/index.ts served-by-mcp-handler ${c.route}`,
        ]);
        const output = readTree(dir);
        expectTree(output, expected);
        // The note's line is the connect's line in the migrated file.
        expect(output['src/index.ts']!.split('\n')[notes[0]!.line - 1]).toContain('.connect(');
        // The dry run's patch, applied, gives exactly what the migration wrote.
        const patch = path.join(dry, '..', `${path.basename(dry)}.patch`);
        temps.push(patch);
        fs.writeFileSync(patch, planned.stdout);
        const applied = spawnSync('git', ['apply', patch], { cwd: dry, encoding: 'utf8' });
        expect(applied.stderr).toBe('');
        expect(readTree(dry)).toEqual(output);
        for (const module of c.imports) expect(output['src/index.ts'], module).toContain(`from "${module}"`);
        const manifest = JSON.parse(output['package.json']!) as { dependencies: Record<string, string> };
        expect(Object.keys(manifest.dependencies)).not.toContain('@modelcontextprotocol/sdk');
        const again = run(['--report', 'json', dir]);
        expect((JSON.parse(again.stdout) as Report).files.filter((f) => f.status !== 'unchanged')).toEqual([]);
        expect(readTree(dir)).toEqual(output);
      });

      it('compiles under strict TypeScript (NodeNext) against the installed v2 packages', () => {
        expect(strictDiagnosticsOfTree(expected)).toEqual([]);
      });

      it('answers as the v1 original over real loopback HTTP: v1 client, v2 client in the 2025 era (sessions and asks kept), v2 client in the 2026 era', async () => {
        const originalEntry = path.join(compileTree(input), 'src', 'index.js');
        const migratedEntry = path.join(compileTree(expected), 'src', 'index.js');
        if (!c.asks) {
          // A stateless v1 server cannot ask (the instance that runs the tool never saw the client's initialize, and the
          // answer would reach another instance): 2025-era traffic keeps that code, so only calls that do not ask are
          // compared there; the 2026 era gains the asks, and answers as the sessionful v1 original of the same server.
          const noAsk: Call[] = [{ kind: 'tool', name: 'delete_note', args: { id: '9' } }];
          const original = await serveOnce(originalEntry, 'v1', noAsk);
          expect(original.results).toEqual([{ content: [{ type: 'text', text: 'No note 9' }], isError: true }]);
          for (const era of ['v1', '2025', '2026'] as const)
            expect(await serveOnce(migratedEntry, era, noAsk), era).toEqual(original);
          const sessionful = path.join(
            compileTree(path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'http-express-sessionful', 'input')),
            'src',
            'index.js',
          );
          expect(await serveOnce(migratedEntry, '2026', httpCalls)).toEqual(
            await serveOnce(sessionful, 'v1', httpCalls, AUTH),
          );
          return;
        }
        const original = await serveOnce(originalEntry, 'v1', httpCalls);
        expect(original.questions.map((q) => q.method)).toEqual([
          'sampling/createMessage',
          'elicitation/create',
          'sampling/createMessage',
        ]);
        expect(original.results.map((r) => JSON.stringify(r))).toContain(
          JSON.stringify({ content: [{ type: 'text', text: 'Deleted note 1.' }] }),
        );
        for (const era of ['v1', '2025', '2026'] as const)
          expect(await serveOnce(migratedEntry, era, httpCalls), era).toEqual(original);
      });

      it("keeps the original's guards in front of both eras (bearer token, Host check)", async () => {
        const server = await startHttpEntry(path.join(compileTree(expected), 'src', 'index.js'), { env });
        try {
          for (const era of ['2025', '2026'] as const) {
            if (c.token)
              await expect(
                runOverHttp(server.url, era, httpCalls.slice(0, 1), script),
                `${era} without a token`,
              ).rejects.toThrow(/401|Unauthorized/);
            if (c.host)
              await expect(
                runOverHttp(server.url, era, httpCalls.slice(0, 1), script, {
                  headers,
                  fetch: fetchWithHost('evil.example'),
                }),
                `${era} from another host`,
              ).rejects.toThrow(/403|Forbidden|Invalid Host/i);
            // The same client with the token and a local Host gets through (so the refusals above are the guards').
            elicits = 0;
            const ok = await runOverHttp(server.url, era, httpCalls.slice(0, 1), script, {
              headers,
              fetch: fetchWithHost(`127.0.0.1:${server.url.port}`),
            });
            expect(ok.results).toHaveLength(1);
          }
        } finally {
          await server.stop();
        }
      });
    });
  }

  // Shapes around the fixtures': what is routed, and what is left to review with the reason in its advice.
  const SERVER_TS =
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function build(tenant?: string) {\n  return new McpServer({ name: tenant ?? 'x', version: '1.0.0' });\n}\n";
  const EXPRESS_HEAD = [
    "import express from 'express';",
    "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { build } from './server.js';",
    'const app = express();',
  ];
  const STATELESS_BODY = [
    '  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });',
    '  await server.connect(transport);',
    '  await transport.handleRequest(req, res, req.body);',
  ];
  const SHAPES: Array<{ name: string; lines: string[]; expect: 'routed' | RegExp; contains?: string }> = [
    {
      name: 'route-level auth middleware stays in front: the branch goes inside the handler',
      lines: [
        ...EXPRESS_HEAD,
        'app.use(express.json());',
        'const requireToken: express.RequestHandler = (req, res, next) => next();',
        "app.post('/mcp', requireToken, async (req, res) => {",
        '  const server = build();',
        ...STATELESS_BODY,
        '});',
      ],
      expect: 'routed',
      contains:
        "app.post('/mcp', requireToken, async (req, res) => {\n  // MCP 2026-07-28 requests go to createMcpHandler",
    },
    {
      name: 'a handler registered by name, on a path constant',
      lines: [
        ...EXPRESS_HEAD,
        'app.use(express.json());',
        "const MCP_PATH = '/mcp';",
        'const handleMcp = async (req: express.Request, res: express.Response) => {',
        '  const server = build();',
        ...STATELESS_BODY,
        '};',
        'app.post(MCP_PATH, handleMcp);',
      ],
      expect: 'routed',
      contains:
        "const mcpHandler = toNodeHandler(createMcpHandler(() => build(), { legacy: 'reject' }));\n\napp.post(MCP_PATH, handleMcp);",
    },
    {
      name: 'the connect in a helper',
      lines: [
        ...EXPRESS_HEAD,
        'app.use(express.json());',
        'async function open() {',
        '  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });',
        '  await build().connect(transport);',
        '  return transport;',
        '}',
        "app.post('/mcp', async (req, res) => {",
        '  await (await open()).handleRequest(req, res, req.body);',
        '});',
      ],
      expect: /not directly in an Express or Hono route callback/,
    },
    {
      name: 'a server the handler adds to',
      lines: [
        ...EXPRESS_HEAD,
        'app.use(express.json());',
        "app.post('/mcp', async (req, res) => {",
        '  const server = build();',
        "  server.registerTool('extra', {}, async () => ({ content: [] }));",
        ...STATELESS_BODY,
        '});',
      ],
      expect: /uses the server server for more than connect\/close/,
    },
    {
      name: 'a server built inline',
      lines: [
        ...EXPRESS_HEAD,
        'app.use(express.json());',
        "app.post('/mcp', async (req, res) => {",
        "  const server = new McpServer({ name: 'x', version: '1.0.0' });",
        ...STATELESS_BODY,
        '});',
      ],
      expect: /not built by a function call/,
    },
    {
      name: 'a factory argument computed in the handler',
      lines: [
        ...EXPRESS_HEAD,
        'app.use(express.json());',
        "app.post('/mcp', async (req, res) => {",
        "  const server = build(String(req.headers['x-tenant']));",
        ...STATELESS_BODY,
        '});',
      ],
      expect: /the argument String\(req\.headers\['x-tenant'\]\) of build\(\.\.\.\) is computed in the handler/,
    },
    {
      name: 'no JSON body parser',
      lines: [
        ...EXPRESS_HEAD,
        "app.post('/mcp', async (req, res) => {",
        '  const server = build();',
        ...STATELESS_BODY,
        '});',
      ],
      expect: /no JSON body parser/,
    },
    {
      name: 'node:http handing the transport the unread stream',
      lines: [
        "import { createServer } from 'node:http';",
        "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
        "import { build } from './server.js';",
        'createServer(async (req, res) => {',
        '  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });',
        '  await build().connect(transport);',
        '  await transport.handleRequest(req, res);',
        '}).listen(3000);',
      ],
      expect: /every handleRequest must get the request body the handler read above its session code/,
    },
    {
      name: 'an access check below the session code',
      lines: [
        ...EXPRESS_HEAD,
        'app.use(express.json());',
        "app.post('/mcp', async (req, res) => {",
        '  const server = build();',
        "  if (req.headers.authorization !== 'Bearer t') {",
        '    res.status(401).end();',
        '    return;',
        '  }',
        ...STATELESS_BODY,
        '});',
      ],
      expect:
        /checks access \(auth, host, 401\/403\) in `if \(req\.headers\.authorization !== 'Bearer t'\) \{`, below the start of its session code/,
    },
    {
      name: 'a second route in the same file',
      lines: [
        ...EXPRESS_HEAD,
        'app.use(express.json());',
        "app.post('/mcp', async (req, res) => {",
        '  const server = build();',
        ...STATELESS_BODY,
        '});',
        "app.post('/other', async (req, res) => {",
        '  const server = build();',
        ...STATELESS_BODY,
        '});',
      ],
      expect: /this file already routes another request handler to createMcpHandler/,
    },
  ];
  for (const shape of SHAPES) {
    it(`${shape.expect === 'routed' ? 'routes' : 'reviews'}: ${shape.name}`, async () => {
      const dir = tempTree({
        'package.json':
          JSON.stringify(
            { name: 'x', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } },
            null,
            2,
          ) + '\n',
        'src/server.ts': SERVER_TS,
        'src/index.ts': [...shape.lines, ''].join('\n'),
      });
      const { report, texts } = await auditWithTexts({ paths: [dir], v1ToV2: true });
      const serving = (report.findings ?? []).filter(
        (f) => f.reason === 'served-by-mcp-handler' || f.reason === 'serving-2025-only',
      );
      const planned = texts.get(path.join(dir, 'src', 'index.ts'))?.after ?? '';
      if (shape.expect === 'routed') {
        expect(serving.map((f) => f.reason)).toEqual(['served-by-mcp-handler']);
        expect(planned).toContain(shape.contains!);
      } else {
        const reviews = serving.filter((f) => f.reason === 'serving-2025-only');
        expect(reviews).toHaveLength(1);
        expect(reviews[0]!.message).toMatch(shape.expect);
        expect(planned.split('\n')[reviews[0]!.line - 2]).toContain('/* @mcp-mrtr-review serving-2025-only: ');
        expect(planned.split('\n')[reviews[0]!.line - 1]).toMatch(/\.connect\(/);
      }
    });
  }

  it('routes a route behind the v1 requireBearerAuth (left in front of both eras), and package.json gets the package the official codemod points it at', async () => {
    const dir = tempTree({
      'package.json':
        JSON.stringify(
          { name: 'x', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', express: '^5.1.0' } },
          null,
          2,
        ) + '\n',
      'src/server.ts': SERVER_TS,
      'src/index.ts': [
        "import express from 'express';",
        "import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';",
        "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
        "import { build } from './server.js';",
        "const verifier = { verifyAccessToken: async (token: string) => ({ token, clientId: 'c', scopes: [] }) };",
        'const app = express();',
        'app.use(express.json());',
        "app.post('/mcp', requireBearerAuth({ verifier }), async (req, res) => {",
        '  const server = build();',
        ...STATELESS_BODY,
        '});',
        '',
      ].join('\n'),
    });
    const { report, texts } = await auditWithTexts({ paths: [dir], v1ToV2: true });
    expect(
      (report.findings ?? [])
        .filter((f) => f.decision === 'review' || f.reason === 'served-by-mcp-handler')
        .map((f) => `${f.file} ${f.reason}`),
    ).toEqual(['src/index.ts codemod-error-marker', 'src/index.ts served-by-mcp-handler']);
    const planned = texts.get(path.join(dir, 'src', 'index.ts'))?.after ?? '';
    expect(planned).toMatch(
      /\*\/\napp\.post\('\/mcp', requireBearerAuth\(\{ verifier \}\), async \(req, res\) => \{\n  \/\/ MCP 2026-07-28 requests go to createMcpHandler/,
    );
    const manifest = JSON.parse(texts.get(path.join(dir, 'package.json'))?.after ?? '{}') as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies).toEqual({
      '@modelcontextprotocol/node': '^2.1.2',
      '@modelcontextprotocol/server': '^2.4.0',
      '@modelcontextprotocol/server-legacy': '^2.3.1',
      express: '^5.1.0',
    });
  });

  it('leaves wiring it cannot route safely to review, with a marker above the connect (once) and advice naming what to add', () => {
    const dir = tempTree({
      'package.json':
        JSON.stringify(
          { name: 'x', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } },
          null,
          2,
        ) + '\n',
      'src/server.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function build() {\n  return new McpServer({ name: 'x', version: '1.0.0' });\n}\n",
      'src/index.ts': [
        "import express from 'express';",
        "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
        "import { build } from './server.js';",
        'const app = express();',
        'app.use(express.json());',
        "app.post('/mcp', async (req, res) => {",
        '  const server = build();',
        "  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableDnsRebindingProtection: true, allowedHosts: ['127.0.0.1'] });",
        '  await server.connect(transport);',
        '  await transport.handleRequest(req, res, req.body);',
        '});',
        'app.listen(3000);',
        '',
      ].join('\n'),
    });
    const dry = run(['--dry-run', '--report', 'json', dir]);
    const review = ((JSON.parse(dry.stdout) as Report).findings ?? []).filter((f) => f.decision === 'review');
    expect(review.map((f) => `${f.file}:${f.line} ${f.transform}/${f.reason}`)).toEqual([
      'src/index.ts:10 v1-to-v2/serving-2025-only',
    ]);
    expect(review[0]!.message).toContain('isLegacyRequest');
    expect(review[0]!.message).toContain('enableDnsRebindingProtection, allowedHosts');
    expect(review[0]!.message).toContain('hostHeaderValidation');
    expect(run(['--quiet', dir]).code).toBe(0);
    const text = fs.readFileSync(path.join(dir, 'src', 'index.ts'), 'utf8');
    const lines = text.split('\n');
    expect(lines[8]).toMatch(
      /^  \/\* @mcp-mrtr-review serving-2025-only: server\.connect\(new NodeStreamableHTTPServerTransport\(\.\.\.\)\) serves 2025-era clients only\..* \*\/$/,
    );
    expect(lines[9]).toBe('  await server.connect(transport);');
    expect(text.match(/@mcp-mrtr-review/g)).toHaveLength(1);
    // The file is v2 now: a second run changes nothing and still lists the item, from its marker.
    const again = JSON.parse(run(['--dry-run', '--report', 'json', dir]).stdout) as Report;
    expect(again.files.filter((f) => f.status !== 'unchanged')).toEqual([]);
    expect(
      (again.findings ?? []).filter((f) => f.decision === 'review').map((f) => `${f.file}:${f.line} ${f.reason}`),
    ).toEqual(['src/index.ts:10 serving-2025-only']);
  });
});

// The bundled example of the README's quick start, end to end: one command (with the auto strategy for its helpers).
describe('examples/v1-notes-server, migrated end to end', () => {
  it('compiles with its own strict tsconfig and serves like the v1 original over stdio in both eras', async () => {
    const dir = copyOf(path.join(REPO_ROOT, 'examples', 'v1-notes-server'));
    const original = path.join(compileTree(dir), 'src', 'index.js');
    // The README's quick start: the default run (v1-to-v2 step on, strategy auto).
    const migrated = run(['--quiet', '--report', 'json', dir]);
    expect(migrated.code, migrated.stderr).toBe(0);
    const report = JSON.parse(migrated.stdout) as Report;
    // Every ask under a request is rewritten; what is left are the roots asks outside any request (by design).
    expect(report.sites.filter((s) => s.decision === 'review').map((s) => s.reason)).toEqual([
      'oninitialized',
      'roots-list-changed',
      'notification-handler',
    ]);
    expect(fs.readFileSync(path.join(dir, 'src', 'index.ts'), 'utf8')).toContain('serveStdio(() => createServer());');
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const tsc = spawnSync(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        path.join(dir, 'tsconfig.json'),
        '--noEmit',
      ],
      { encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    fs.rmSync(path.join(dir, 'node_modules'));
    const entry = path.join(compileTree(dir), 'src', 'index.js');
    const exampleCalls: Call[] = [
      { kind: 'tool', name: 'list_notes' },
      { kind: 'tool', name: 'clear_notes' },
    ];
    // The original lists roots in oninitialized (review item oninitialized): a 2026-era connection has no
    // initialize, so roots questions are left out of the comparison; every other question and every result count.
    const withRoots: ClientScript = { ...script, roots: () => ({ roots: [] }) as never };
    const withoutRoots = (t: Transcript) => ({
      questions: t.questions.filter((q) => q.method !== 'roots/list'),
      results: t.results,
    });
    elicits = 0;
    const viaV1 = withoutRoots(await runOverStdio(original, 'v1', exampleCalls, withRoots));
    expect(viaV1.questions.map((q) => q.method)).toEqual(['elicitation/create']);
    for (const era of ['2025', '2026'] as const) {
      elicits = 0;
      expect(withoutRoots(await runOverStdio(entry, era, exampleCalls, withRoots)), era).toEqual(viaV1);
    }
  });
});
