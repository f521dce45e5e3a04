import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../api/index.js';
import { CONTEXT_MEMBERS, V2_HOMES } from '../transforms/v1-to-v2/constants.js';
import { findInitializeRegistrations } from '../transforms/v1-to-v2/repairs/initializeRegistrations.js';
import { mapContextMembers } from '../transforms/v1-to-v2/repairs/mapContextMembers.js';
import { restoreImports } from '../transforms/v1-to-v2/repairs/restoreImports.js';
import { rewriteImportTypes } from '../transforms/v1-to-v2/repairs/rewriteImportTypes.js';
import { rewriteZodRecord } from '../transforms/v1-to-v2/repairs/rewriteZodRecord.js';
import { rewriteZodToJsonSchema } from '../transforms/v1-to-v2/repairs/rewriteZodToJsonSchema.js';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { FIXTURES_ROOT, installWithZod3, migratedTree, REPO_ROOT } from './support/fixtures.js';
import { strictDiagnostics } from './support/typecheck.js';
import { confirmOnceScript, copyOf, removeTemps, strictDiagnosticsOfTree, temps } from './support/v1-to-v2.js';

// The v1 step's known breakages (issue 18), each repaired on the official codemod's output: an import it removes
// while the code still uses it (`InMemoryTaskStore`: ReferenceError at load), a handler context not named `extra`
// whose v1 members it leaves (`context.sendRequest is not a function`, and the ask unseen by MRTR), and tools listed
// through zod-to-json-schema under the zod it raises to 4 (a tools/list clients reject).
// The fixture `v1-to-v2-cli/review-repairs` pins the migration (output, findings at the user's lines, dry run, a second
// run); here it is compiled and run, and a second run's findings read.
const CASE = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'review-repairs');
const INPUT = path.join(CASE, 'input');
const EXPECTED = migratedTree(CASE);

afterEach(removeTemps);

const calls: Call[] = [
  { kind: 'tools' },
  { kind: 'tool', name: 'delete_note', args: { id: '1' } },
  { kind: 'tool', name: 'count_tasks' },
  { kind: 'tool', name: 'count_tasks', args: { labels: { colour: 'red', size: 'L' } } },
  { kind: 'tool', name: 'count_tasks', args: { labels: { colour: '' } } },
  { kind: 'tool', name: 'count_tasks', args: { sizes: { S: 2, L: 1 } } },
  { kind: 'tool', name: 'count_tasks', args: { sizes: { S: -1 } } },
  { kind: 'tool', name: 'delete_note', args: { id: '1' } },
];
let elicits = 0;
const script = confirmOnceScript(() => elicits++);

/**
 * The compiled original as its own install had it: zod 3 (this repository has zod 4 only, whose `zod/v3` is the zod 3
 * API), every other package from this repository's node_modules.
 */
function withZod3(compiled: string): string {
  const dir = fs.mkdtempSync(path.join(path.dirname(compiled), `${path.basename(compiled)}-zod3-`));
  temps.push(dir);
  fs.cpSync(compiled, dir, { recursive: true, verbatimSymlinks: true });
  const modules = path.join(dir, 'node_modules');
  fs.rmSync(modules, { recursive: true, force: true });
  fs.mkdirSync(modules);
  const repoModules = path.join(REPO_ROOT, 'node_modules');
  for (const name of fs.readdirSync(repoModules))
    if (name !== 'zod' && name !== '.bin')
      fs.symlinkSync(path.join(repoModules, name), path.join(modules, name), 'dir');
  const zod = path.join(modules, 'zod');
  fs.mkdirSync(zod);
  fs.writeFileSync(
    path.join(zod, 'package.json'),
    JSON.stringify({ name: 'zod', version: '3.25.76', type: 'module', exports: './index.js' }),
  );
  const v3 = path.join(repoModules, 'zod', 'v3', 'index.js');
  fs.writeFileSync(
    path.join(zod, 'index.js'),
    `export * from ${JSON.stringify(v3)};\nexport { default } from ${JSON.stringify(v3)};\n`,
  );
  return dir;
}

describe('v1 step repairs (issue 18)', () => {
  it('lists the v1 import kept for the task store on later runs, until it is gone', async () => {
    const dir = copyOf(EXPECTED);
    const again = await migrate({ paths: [dir], v1ToV2: true, strategy: 'auto' });
    expect(again.files.filter((f) => f.status !== 'unchanged')).toEqual([]);
    // At its line in the migrated file, the user's text now.
    expect((again.findings ?? []).map((f) => `${f.file}:${f.line} ${f.reason}`)).toContain(
      'src/server.ts:9 import-kept-on-v1',
    );
  });

  it('compiles under strict TypeScript (NodeNext)', () => {
    expect(strictDiagnosticsOfTree(EXPECTED)).toEqual([]);
  });

  it('answers as the v1 original on zod 3 over stdio: tools/list (input schemas), the ask, the restored task store', async () => {
    const original = path.join(withZod3(compileTree(INPUT)), 'src', 'index.js');
    const migrated = path.join(compileTree(EXPECTED), 'src', 'index.js');
    elicits = 0;
    const viaV1 = await runOverStdio(original, 'v1', calls, script);
    const listed = viaV1.results[0] as { tools: Array<{ name: string; inputSchema: { type?: string } }> };
    expect(listed.tools.map((t) => `${t.name} ${t.inputSchema.type}`)).toEqual([
      'delete_note object',
      'count_tasks object',
    ]);
    expect(viaV1.questions.map((q) => q.method)).toEqual(['elicitation/create']);
    for (const era of ['2025', '2026'] as const) {
      elicits = 0;
      expect(await runOverStdio(migrated, era, calls, script), era).toEqual(viaV1);
    }
  });
});

// A description written as a concatenation: the official codemod read it as the input schema and the schema as
// annotations (64 tools of a real server; the migrated server died at start).
describe('v1 step: descriptions written as concatenations (issue 18)', () => {
  // The fixture `v1-to-v2-cli/review-described` pins the migration (each description as written, the schema the
  // schema; the official codemod's markers); here it is compiled and run.
  const DESCRIBED = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'review-described');
  const DESCRIBED_EXPECTED = migratedTree(DESCRIBED);
  const described: Call[] = [
    { kind: 'tools' },
    { kind: 'tool', name: 'list_calls', args: { limit: 1 } },
    { kind: 'tool', name: 'get_call', args: { id: 'c2' } },
    { kind: 'tool', name: 'get_call', args: { id: 'c9' } },
  ];

  it('compiles under strict TypeScript (NodeNext)', () => {
    expect(strictDiagnosticsOfTree(DESCRIBED_EXPECTED)).toEqual([]);
  });

  it('starts and answers as the v1 original over stdio, tools/list included', async () => {
    const original = path.join(compileTree(path.join(DESCRIBED, 'input')), 'src', 'index.js');
    const migrated = path.join(compileTree(DESCRIBED_EXPECTED), 'src', 'index.js');
    const viaV1 = await runOverStdio(original, 'v1', described, script);
    const listed = viaV1.results[0] as { tools: Array<{ name: string; description: string }> };
    expect(listed.tools.map((t) => `${t.name}: ${t.description.split('. ')[0]}`)).toEqual([
      'list_calls: List call records, newest first',
      'get_call: Get a single call record by id',
    ]);
    // The SDKs list the same tool apart from what each adds itself: the JSON Schema draft named, v1's task support.
    const listing = (run: { results: unknown[] }) => ({
      ...run,
      results: run.results.map((result, i) =>
        i > 0
          ? result
          : (result as { tools: Array<Record<string, unknown>> }).tools.map(
              ({ execution: _, inputSchema, ...tool }) => {
                const { $schema: __, ...schema } = inputSchema as Record<string, unknown>;
                return { ...tool, inputSchema: schema };
              },
            ),
      ),
    });
    for (const era of ['2025', '2026'] as const)
      expect(listing(await runOverStdio(migrated, era, described, script)), era).toEqual(listing(viaV1));
  });
});

// Each repair alone, on the official codemod's output text, and where it declines.
describe('v1 step repairs, one by one', () => {
  const V1_TASKS = `import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';\nimport type { CreateTaskResult } from '@modelcontextprotocol/sdk/experimental/tasks';\nexport const store = new InMemoryTaskStore();\nexport let last: CreateTaskResult | undefined;\n`;
  const CODEMOD_OUT = `export const store = new InMemoryTaskStore();\nexport let last: CreateTaskResult | undefined;\n`;

  it('restoreImports: a v2 home for a type, the v1 specifier for the rest while package.json lists the v1 SDK', () => {
    const out = restoreImports('a.ts', V1_TASKS, CODEMOD_OUT, true);
    expect(out.text).toBe(
      `import { type CreateTaskResult } from '@modelcontextprotocol/server';\n` +
        `import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';\n` +
        CODEMOD_OUT,
    );
    // The kept v1 import is reported from the final text (findCodemodMarkers), on every run until it goes.
    expect(out.findings.map((f) => `${f.line} ${f.reason} ${f.decision}`)).toEqual(['4 import-restored info']);
  });

  it('restoreImports: without the v1 SDK in package.json, a review item naming the identifier and no v1 import', () => {
    const out = restoreImports('a.ts', V1_TASKS, CODEMOD_OUT, false);
    expect(out.text).toBe(`import { type CreateTaskResult } from '@modelcontextprotocol/server';\n` + CODEMOD_OUT);
    expect(out.findings.map((f) => `${f.line} ${f.reason} ${f.decision}`)).toEqual([
      '2 import-removed-in-use review',
      '3 import-restored info',
    ]);
    expect(out.findings[0]!.message).toContain('`InMemoryTaskStore`');
  });

  it('restoreImports: a name the output declares itself, or no longer uses, is not restored', () => {
    const declared = `class InMemoryTaskStore {}\nexport const store = new InMemoryTaskStore();\n`;
    expect(restoreImports('a.ts', V1_TASKS, declared, true)).toEqual({ text: declared, findings: [] });
    const unused = `export const store = 1;\n`;
    expect(restoreImports('a.ts', V1_TASKS, unused, true)).toEqual({ text: unused, findings: [] });
  });

  it('V2_HOMES: every entry is exported by its installed v2 package (values at run time, types in the declarations)', async () => {
    const types: string[] = [];
    for (const [name, home] of Object.entries(V2_HOMES)) {
      if (home.type) types.push(`import type { ${name} } from '${home.module}';\nexport type T${name} = ${name};`);
      else expect(name in (await import(home.module)), `${home.module} exports ${name}`).toBe(true);
    }
    const dir = fs.mkdtempSync(path.join(REPO_ROOT, 'node_modules', '.cache-v2-homes-'));
    temps.push(dir);
    fs.writeFileSync(path.join(dir, 'check.ts'), types.join('\n') + '\n');
    expect(strictDiagnostics([path.join(dir, 'check.ts')], REPO_ROOT)).toEqual([]);
  });

  it('CONTEXT_MEMBERS: every v2 path exists on the installed ServerContext', () => {
    const dir = fs.mkdtempSync(path.join(REPO_ROOT, 'node_modules', '.cache-context-'));
    temps.push(dir);
    const file = path.join(dir, 'check.ts');
    const reads = CONTEXT_MEMBERS.map((m, i) => `export const m${i} = (ctx: ServerContext) => ctx${m.to};`);
    fs.writeFileSync(file, `import type { ServerContext } from '@modelcontextprotocol/server';\n${reads.join('\n')}\n`);
    expect(strictDiagnostics([file], REPO_ROOT)).toEqual([]);
  });

  it('mapContextMembers: a ServerContext parameter in an intersection, optional chains and typeof; unmapped members reported', () => {
    const text = [
      `import type { ServerContext } from '@modelcontextprotocol/server';`,
      `export async function ask(extra: ServerContext & { tag?: string }, r: Parameters<typeof extra.sendRequest>[0]) {`,
      `  extra?.sendNotification({ method: 'notifications/message', params: {} });`,
      `  const id = extra.requestId;`,
      `  const headers = extra.requestInfo;`,
      `  return [await extra.sendRequest(r), extra.signal.aborted, extra.authInfo, id, headers, extra.sessionId];`,
      `}`,
    ].join('\n');
    const out = mapContextMembers('a.ts', text);
    expect(out.text.split('\n').slice(1, 6)).toEqual([
      `export async function ask(extra: ServerContext & { tag?: string }, r: Parameters<typeof extra.sendRequest>[0]) {`,
      `  extra?.mcpReq.notify({ method: 'notifications/message', params: {} });`,
      `  const id = extra.mcpReq.id;`,
      `  const headers = extra.requestInfo;`,
      `  return [await extra.mcpReq.send(r), extra.mcpReq.signal.aborted, extra.http?.authInfo, id, headers, extra.sessionId];`,
    ]);
    expect(out.findings.filter((f) => f.reason === 'context-member-unmapped').map((f) => f.line)).toEqual([5]);
  });

  it('mapContextMembers: a parameter of a nested function with the same name is another binding', () => {
    const text = [
      `import { McpServer } from '@modelcontextprotocol/server';`,
      `declare const server: McpServer;`,
      `server.registerTool('t', {}, async (args, context) => {`,
      `  const other = (context: { signal: number }) => context.signal;`,
      `  return { content: [], n: other({ signal: 1 }), s: context.signal };`,
      `});`,
    ].join('\n');
    const lines = mapContextMembers('a.ts', text).text.split('\n');
    expect(lines[3]).toBe(`  const other = (context: { signal: number }) => context.signal;`);
    expect(lines[4]).toBe(`  return { content: [], n: other({ signal: 1 }), s: context.mcpReq.signal };`);
  });

  it('rewriteZodToJsonSchema: mapped options; a name argument or an unknown option is kept and reported; z imported when missing', () => {
    const text = [
      `import zodToJsonSchema from 'zod-to-json-schema';`,
      `import { schema } from './schema.js';`,
      `export const a = zodToJsonSchema(schema, { target: 'openApi3' });`,
      `export const b = zodToJsonSchema(schema, 'Args');`,
      `export const c = zodToJsonSchema(schema, { errorMessages: true });`,
    ].join('\n');
    const out = rewriteZodToJsonSchema('a.ts', text);
    expect(out.text.split('\n')).toEqual([
      `import zodToJsonSchema from 'zod-to-json-schema';`,
      `import { schema } from './schema.js';`,
      `import { z } from 'zod';`,
      `export const a = z.toJSONSchema(schema, { target: 'openapi-3.0' });`,
      `export const b = zodToJsonSchema(schema, 'Args');`,
      `export const c = zodToJsonSchema(schema, { errorMessages: true });`,
    ]);
    expect(out.findings.map((f) => `${f.line} ${f.reason}`)).toEqual([
      '3 zod-to-json-schema-rewritten',
      '4 zod-to-json-schema-kept',
      '5 zod-to-json-schema-kept',
    ]);
  });

  it('rewriteZodToJsonSchema: the converter import goes with its last use, replaced by zod when the file has none', () => {
    const text = `import { zodToJsonSchema } from "zod-to-json-schema";\nimport { schema } from "./schema.js";\nexport const a = zodToJsonSchema(schema);\n`;
    expect(rewriteZodToJsonSchema('a.ts', text).text).toBe(
      `import { z } from "zod";\nimport { schema } from "./schema.js";\nexport const a = z.toJSONSchema(schema, { target: 'draft-7' });\n`,
    );
  });

  it("rewriteImportTypes: a type on a moved v1 module names its v2 package; shared modules go to the file's side", () => {
    const server = [
      `import { McpServer } from '@modelcontextprotocol/server';`,
      `type Deps = { server: import("@modelcontextprotocol/sdk/server/index.js").Server; t: import('@modelcontextprotocol/sdk/types').Tool };`,
      `type Kept = import('@modelcontextprotocol/sdk/server/sse.js').SSEServerTransport;`,
    ].join('\n');
    const out = rewriteImportTypes('a.ts', server);
    expect(out.text.split('\n').slice(1)).toEqual([
      `type Deps = { server: import("@modelcontextprotocol/server").Server; t: import('@modelcontextprotocol/server').Tool };`,
      `type Kept = import('@modelcontextprotocol/sdk/server/sse.js').SSEServerTransport;`,
    ]);
    expect(out.findings.map((f) => `${f.line} ${f.reason} ${f.decision}`)).toEqual([
      '2 import-type-moved info',
      '2 import-type-moved info',
    ]);
    const client = `import { Client } from '@modelcontextprotocol/client';\nlet r: import('@modelcontextprotocol/sdk/types.js').Root;\n`;
    expect(rewriteImportTypes('b.ts', client).text).toContain(`import('@modelcontextprotocol/client').Root`);
  });

  it('rewriteZodRecord: the key schema goes in front of a one-argument record of the zod namespace, whatever its local name', () => {
    const text = [
      `import * as zz from 'zod';`,
      `const store = { record: (v: unknown) => v };`,
      `export const A = zz.record(zz.number());`,
      `export const B = zz.record(zz.string(), zz.number());`,
      `export const C = store.record(zz.number());`,
      `export const D = zz.object({ tags: zz.record(zz.array(zz.string())).optional() });`,
    ].join('\n');
    const out = rewriteZodRecord('a.ts', text);
    expect(out.text.split('\n').slice(2)).toEqual([
      `export const A = zz.record(zz.string(), zz.number());`,
      `export const B = zz.record(zz.string(), zz.number());`,
      `export const C = store.record(zz.number());`,
      `export const D = zz.object({ tags: zz.record(zz.string(), zz.array(zz.string())).optional() });`,
    ]);
    expect(out.findings.map((f) => `${f.line} ${f.reason} ${f.decision}`)).toEqual([
      '3 zod-record-key-added info',
      '6 zod-record-key-added info',
    ]);
    // No zod import: nothing is zod's.
    const other = `const z = { record: (v: unknown) => v };\nexport const A = z.record(1);\n`;
    expect(rewriteZodRecord('a.ts', other)).toEqual({ text: other, findings: [] });
  });

  it('findInitializeRegistrations: a registration in oninitialized, direct or through register*(server), is a review item', () => {
    const text = [
      `import { McpServer } from '@modelcontextprotocol/server';`,
      `import { registerConditionalTools } from './tools.js';`,
      `export function build(log: (line: string) => void) {`,
      `  const server = new McpServer({ name: 'n', version: '1' });`,
      `  server.server.oninitialized = async () => {`,
      `    registerConditionalTools(server);`,
      `  };`,
      `  const other = new McpServer({ name: 'o', version: '1' });`,
      `  other.server.oninitialized = () => other.registerTool('late', {}, async () => ({ content: [] }));`,
      `  const quiet = new McpServer({ name: 'q', version: '1' });`,
      `  quiet.server.oninitialized = () => { log('ready'); registerMetrics(log); };`,
      `  return [server, other, quiet];`,
      `}`,
      `declare function registerMetrics(log: unknown): void;`,
    ].join('\n');
    const findings = findInitializeRegistrations('a.ts', text);
    expect(findings.map((f) => `${f.line} ${f.reason} ${f.decision}`)).toEqual([
      '5 registered-at-initialize review',
      '9 registered-at-initialize review',
    ]);
    expect(findings[0]!.message).toMatch(
      /^`registerConditionalTools\(server\)` runs in oninitialized: a 2026-era client/,
    );
  });
});

// The type-directed repairs (issue 31): after the plan, the migrated project is compiled with its dependencies
// (zod 3, as the v1 project installed it) and each new error of a known class is repaired. The fixture
// `v1-to-v2-cli/rewrite-typed-repairs` pins the migration (a `resource()` call the official codemod left with its
// marker becomes `registerResource`, a ZodError's `errors` becomes `issues`, a content block's `text` read only from a
// text block, a raw shape from a table
// `z.object(shape)`, a client's own answer type the protocol's values, `.strict({ message })` zod 4's
// `strictObject` with that message, an issue callback's zod 3 annotation dropped, no finding left); here it is run.
describe('type-directed repairs (issue 31)', () => {
  const TYPED = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'rewrite-typed-repairs');
  const TYPED_EXPECTED = migratedTree(TYPED);
  const typedCalls: Call[] = [
    { kind: 'tool', name: 'shout', args: { word: 'hi' } },
    { kind: 'tool', name: 'summarize_word', args: { word: 'hello' } },
    { kind: 'resource', uri: 'catalogue://all' },
    { kind: 'resource', uri: 'catalogue://readme' },
    { kind: 'tool', name: 'check_note', args: { note: '{"title":"a","tags":["x"]}' } },
    { kind: 'tool', name: 'check_note', args: { note: '{"title":"","tags":[1]}' } },
    { kind: 'tool', name: 'check_note', args: { note: '{"title":"a","tags":[],"colour":"red"}' } },
  ];

  it('compiles under strict TypeScript (NodeNext), with no marker left', () => {
    expect(strictDiagnosticsOfTree(TYPED_EXPECTED)).toEqual([]);
    expect(fs.readFileSync(path.join(TYPED_EXPECTED, 'src', 'resources.ts'), 'utf8')).not.toContain('@mcp-codemod');
  });

  it('answers as the v1 original on zod 3 over stdio: the table tool and its schema, both resources, the problems read from `issues`', async () => {
    const original = path.join(withZod3(compileTree(path.join(TYPED, 'input'))), 'src', 'index.js');
    const migrated = path.join(compileTree(TYPED_EXPECTED), 'src', 'index.js');
    // The client model answers the sampling ask with a text block.
    const model = {
      sample: () => ({ role: 'assistant' as const, model: 'echo', content: { type: 'text' as const, text: 'hi' } }),
    };
    const viaV1 = await runOverStdio(original, 'v1', typedCalls, model);
    expect(JSON.stringify(viaV1.results)).toContain('# Notes');
    expect(JSON.stringify(viaV1.results[5])).toContain('title: too_small\\ntags.0: invalid_type');
    expect(JSON.stringify(viaV1.results[0])).toContain('HI');
    expect(JSON.stringify(viaV1.results[1])).toContain('model says: hi');
    // The unknown key's own message (zod 3's strict({ message }), zod 4's strictObject error map).
    expect(JSON.stringify(viaV1.results[6])).toContain('unrecognized_keys (not a field of a note)');
    for (const era of ['2025', '2026'] as const)
      expect(await runOverStdio(migrated, era, typedCalls, model), era).toEqual(viaV1);
    // The listing: each tool's properties and required ones as before (the JSON Schema dialect is the SDK's own).
    type Listed = { tools: Array<{ name: string; inputSchema: { properties?: object; required?: string[] } }> };
    const shape = (listed: Listed) =>
      listed.tools.map((t) => [t.name, t.inputSchema.properties, t.inputSchema.required]);
    const listedV1 = shape((await runOverStdio(original, 'v1', [{ kind: 'tools' }], {})).results[0] as Listed);
    expect(listedV1[0]).toEqual(['shout', { word: { type: 'string' } }, ['word']]);
    for (const era of ['2025', '2026'] as const)
      expect(shape((await runOverStdio(migrated, era, [{ kind: 'tools' }], {})).results[0] as Listed), era).toEqual(
        listedV1,
      );
  });

  it('repairs nothing without the type check (`typecheck: false`): the marker stays a review item', async () => {
    const { dir } = installedCopy(path.join(TYPED, 'input'));
    const report = await migrate({ paths: [dir], v1ToV2: true, typecheck: false });
    expect((report.findings ?? []).map((f) => `${f.file}:${f.line} ${f.reason}`)).toEqual(
      expect.arrayContaining(['src/resources.ts:10 codemod-error-marker', 'src/resources.ts:14 codemod-error-marker']),
    );
    expect(fs.readFileSync(path.join(dir, 'src', 'index.ts'), 'utf8')).toContain('parsed.error.errors.map');
  });
});

// `v1-to-v2-cli/rewrite-typed-repairs-low-level` pins the migration of a low-level server whose handlers' results the
// project typed loosely (`handler-result`: each returned expression asserted to its method's result type), whose
// structural server type took the v1 schema (`project-server-method`), whose capabilities and raw initialize body
// relied on v1's passthrough types (`passthrough-capabilities`, `passthrough-read`), and whose error helper kept v1's
// `ErrorCode` as a type (`ProtocolErrorCode` in its place, no v1 import left); here it is run.
describe('type-directed repairs: a low-level server typed loosely (issue 31)', () => {
  const LOW = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'rewrite-typed-repairs-low-level');
  const LOW_EXPECTED = migratedTree(LOW);
  const lowCalls: Call[] = [
    { kind: 'tools' },
    { kind: 'tool', name: 'balance', args: { account: 'alice' } },
    { kind: 'tool', name: 'balance', args: { account: 'carol' } },
    { kind: 'tool', name: 'transfer', args: { account: 'alice' } },
    // A raw initialize body with a key the protocol does not define, read as v1's passthrough types allowed.
    {
      kind: 'tool',
      name: 'whoami',
      args: {
        body: {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'probe', version: '1' },
            clientLabel: 'night shift',
          },
        },
      },
    },
    { kind: 'resources' },
    { kind: 'resource', uri: 'ledger://accounts' },
  ];

  it('compiles under strict TypeScript (NodeNext), with no v1 import left', () => {
    expect(strictDiagnosticsOfTree(LOW_EXPECTED)).toEqual([]);
    for (const file of ['index.ts', 'errors.ts', 'resources.ts'])
      expect(fs.readFileSync(path.join(LOW_EXPECTED, 'src', file), 'utf8')).not.toContain('@modelcontextprotocol/sdk');
  });

  it('answers as the v1 original over stdio: both listings, the tool (an error result, a thrown code), the resource', async () => {
    const original = path.join(compileTree(path.join(LOW, 'input')), 'src', 'index.js');
    const migrated = path.join(compileTree(LOW_EXPECTED), 'src', 'index.js');
    const viaV1 = await runOverStdio(original, 'v1', lowCalls, {});
    expect(JSON.stringify(viaV1.results[1])).toContain('alice: 12');
    expect(JSON.stringify(viaV1.results[2])).toContain('unknown account carol');
    // The thrown code: InvalidParams, from the helper typed with the protocol's codes.
    expect(JSON.stringify(viaV1.results[3])).toContain('-32602');
    expect(JSON.stringify(viaV1.results[4])).toContain('probe (night shift)');
    expect(JSON.stringify(viaV1.results[6])).toContain('alice');
    // v1's McpError put `MCP error <code>: ` in its own message, on the wire; v2's ProtocolError does not (the official
    // codemod's rename): the code and the text the server wrote are the same.
    const expected = JSON.parse(JSON.stringify(viaV1).replace('MCP error -32602: no tool', 'no tool')) as typeof viaV1;
    for (const era of ['2025', '2026'] as const)
      expect(await runOverStdio(migrated, era, lowCalls, {}), era).toEqual(expected);
  });
});

// `v1-to-v2-cli/rewrite-typed-repairs-replayed` pins a v1 low-level tool that asks once per shelf in a loop and
// archives between the answers: the archive call is journaled (`step('archive', () => archive(result.picked.id))`),
// where TypeScript loses the `if (result.picked)` narrowing (`step-narrowing`: `result.picked!`), and the handler,
// now wrapped with `withAsks`, keeps its own loose result type (`handler-result`, through the wrapper, its annotation
// included); here it is compiled and run against the v1 original in both eras.
describe('type-directed repairs: a replayed handler (issue 31)', () => {
  const REPLAYED = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'rewrite-typed-repairs-replayed');
  const REPLAYED_EXPECTED = migratedTree(REPLAYED);
  const archive: Call[] = [
    { kind: 'tool', name: 'archive', args: { shelves: ['reports', 'letters'] } },
    { kind: 'tool', name: 'archive', args: { shelves: ['attic'] } },
  ];
  // The first document offered on each shelf.
  const script = {
    elicit: (params: unknown) => {
      const schema = (params as { requestedSchema: { properties: { id: { enum: string[] } } } }).requestedSchema;
      return { action: 'accept' as const, content: { id: schema.properties.id.enum[0]! } };
    },
  };

  it('compiles under strict TypeScript (NodeNext), with the narrowing and the result asserted', () => {
    expect(strictDiagnosticsOfTree(REPLAYED_EXPECTED)).toEqual([]);
    const index = fs.readFileSync(path.join(REPLAYED_EXPECTED, 'src', 'index.ts'), 'utf8');
    expect(index).toContain("await step('archive', () => archive(result.picked!.id, current!));");
    expect(index).toContain('async (request): Promise<CallToolResult> =>');
  });

  it('answers as the v1 original over stdio, in both eras: one question per shelf, each document archived once', async () => {
    const original = path.join(compileTree(path.join(REPLAYED, 'input')), 'src', 'index.js');
    const migrated = path.join(compileTree(REPLAYED_EXPECTED), 'src', 'index.js');
    const viaV1 = await runOverStdio(original, 'v1', archive, script);
    expect(JSON.stringify(viaV1.results[0])).toContain('archived: r1, l1');
    expect(JSON.stringify(viaV1.results[1])).toContain('no shelf attic');
    for (const era of ['2025', '2026'] as const)
      expect(await runOverStdio(migrated, era, archive, script), era).toEqual(viaV1);
  });
});

/** A copy of a project beside a node_modules as a v1 project installs it (zod 3): the type check runs there. */
function installedCopy(source: string): { dir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-typed-'));
  temps.push(root);
  installWithZod3(path.join(root, 'node_modules'));
  const dir = path.join(root, 'project');
  fs.cpSync(source, dir, { recursive: true });
  return { dir };
}

// `v1-to-v2-cli/rewrite-context-typed-elsewhere` pins finnmerlett/user-input-mcp's shape: a table of tools keyed by
// `[TOOL_NAME.X]`, whose handlers' context is typed in the project's tool type in another file, dispatched by a
// low-level server taken out of an McpServer (`const { server } = new McpServer(...)`). The ask on the context's v1
// `sendRequest` is replayed (`ask.request`), and the v1 members of the other handler's context take their v2 paths
// through the type check (`context-member`: `extra.signal` -> `extra.mcpReq.signal`); here it is compiled and run.
describe('type-directed repairs: a context typed in another file (issue 31)', () => {
  const ELSEWHERE = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'rewrite-context-typed-elsewhere');
  const ELSEWHERE_EXPECTED = migratedTree(ELSEWHERE);
  const calls: Call[] = [
    { kind: 'tools' },
    { kind: 'tool', name: 'ask_user', args: { question: 'Which colour?' } },
    { kind: 'tool', name: 'status', args: {} },
  ];
  const script = { elicit: () => ({ action: 'accept' as const, content: { input: 'blue' } }) };

  it('compiles under strict TypeScript (NodeNext), with no v1 context member left', () => {
    expect(strictDiagnosticsOfTree(ELSEWHERE_EXPECTED)).toEqual([]);
    const status = fs.readFileSync(path.join(ELSEWHERE_EXPECTED, 'src', 'tools', 'status.ts'), 'utf8');
    expect(status).toContain('extra.mcpReq.signal.aborted');
  });

  it('answers as the v1 original over stdio, in both eras: the question asked once, the context read', async () => {
    const original = path.join(compileTree(path.join(ELSEWHERE, 'input')), 'src', 'index.js');
    const migrated = path.join(compileTree(ELSEWHERE_EXPECTED), 'src', 'index.js');
    const viaV1 = await runOverStdio(original, 'v1', calls, script);
    expect(JSON.stringify(viaV1.results[1])).toContain('Answer: blue');
    expect(JSON.stringify(viaV1.results[2])).toContain('cancelled: false, request: number');
    expect(viaV1.questions.map((q) => q.method)).toEqual(['elicitation/create']);
    for (const era of ['2025', '2026'] as const)
      expect(await runOverStdio(migrated, era, calls, script), era).toEqual(viaV1);
  });
});

// `v1-to-v2-cli/rewrite-context-fields-helper` pins nickytonline/mcp-typescript-template's shape: the handler's context
// handed to helpers whose parameter is typed with v1 context fields (`{ sessionId?: string; requestId: unknown }`). The
// official codemod makes the context a v2 `ServerContext` (no `requestId`: TS2345, the migrated build failed); the
// type check's `context-fields` repair hands each helper an object of those fields from their v2 paths
// (`requestId: extra.mcpReq.id`). The helper's ask, made through the bound method it is handed, is replayed.
describe('type-directed repairs: v1 context fields handed to a helper', () => {
  const FIELDS = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'rewrite-context-fields-helper');
  const FIELDS_EXPECTED = migratedTree(FIELDS);
  // No tools/list: v1's McpServer lists `execution: { taskSupport }`, a field of the tasks of SDK 1.x v2 does not have.
  const calls: Call[] = [
    { kind: 'tool', name: 'elicit_echo', args: {} },
    { kind: 'tool', name: 'who_am_i', args: {} },
  ];
  const script = { elicit: () => ({ action: 'accept' as const, content: { message: 'hello' } }) };

  it('compiles under strict TypeScript (NodeNext), each helper handed the fields it names', () => {
    expect(strictDiagnosticsOfTree(FIELDS_EXPECTED)).toEqual([]);
    const index = fs.readFileSync(path.join(FIELDS_EXPECTED, 'src', 'index.ts'), 'utf8');
    expect(index).toContain('{ sessionId: extra.sessionId, requestId: extra.mcpReq.id }');
    expect(index).toContain('whoAmI({ requestId: extra.mcpReq.id })');
  });

  it('answers as the v1 original over stdio, in both eras: the question asked once, the request id read', async () => {
    const original = path.join(compileTree(path.join(FIELDS, 'input')), 'src', 'index.js');
    const migrated = path.join(compileTree(FIELDS_EXPECTED), 'src', 'index.js');
    const viaV1 = await runOverStdio(original, 'v1', calls, script);
    expect(JSON.stringify(viaV1.results[0])).toContain('hello (request number)');
    expect(JSON.stringify(viaV1.results[1])).toContain('request number');
    expect(viaV1.questions.map((q) => q.method)).toEqual(['elicitation/create']);
    for (const era of ['2025', '2026'] as const)
      expect(await runOverStdio(migrated, era, calls, script), era).toEqual(viaV1);
  });
});
