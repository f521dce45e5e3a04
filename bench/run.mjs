#!/usr/bin/env node
// Benchmark: our audit (`mcp-mrtr-codemod --dry-run`) against the official v1->v2 codemod's dry run.
//
//   node bench/run.mjs [--strict] [--runs N] [--files N] [--seed N] [--no-official]
//
// 1. Regenerates .bench/tree-<N>/ (default 3000 files) deterministically from a seeded PRNG: a
//    monorepo of ordinary TypeScript where 1% of the files are MCP servers on the v1 SDK whose asks
//    live in helpers, and 2% hold look-alikes (`request(`, `createMessage(`, `listRoots(` on other objects).
// 2. Runs each tool as a child process: wall time from spawn to exit, peak RSS from the child itself
//    (bench/peak-rss.cjs is preloaded with --require and writes VmHWM / getrusage maxRSS at exit).
// 3. Prints a table and PASS/FAIL per target. Exit code 0 unless --strict and a target failed or
//    could not be measured.

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PEAK_RSS_PRELOAD = path.join(REPO, 'bench', 'peak-rss.cjs');
const OUR_CLI = path.join(REPO, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const TIMEOUT_MS = 15 * 60 * 1000;

const TARGETS = { maxSeconds: 3, maxRssMb: 400, minSpeedup: 5 };

// ---------------------------------------------------------------------------------------------
// options

function parseArgs(argv) {
  const opts = { strict: false, runs: 1, files: 3000, seed: 20260728, official: true };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => Number(inline ?? argv[++i]);
    if (flag === '--strict') opts.strict = true;
    else if (flag === '--no-official') opts.official = false;
    else if (flag === '--runs') opts.runs = value();
    else if (flag === '--files') opts.files = value();
    else if (flag === '--seed') opts.seed = value();
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: node bench/run.mjs [--strict] [--runs N] [--files N] [--seed N] [--no-official]');
      process.exit(0);
    } else {
      console.error(`bench: unknown option ${argv[i]}`);
      process.exit(2);
    }
  }
  for (const key of ['runs', 'files', 'seed']) {
    if (!Number.isInteger(opts[key]) || opts[key] < 1) {
      console.error(`bench: --${key} needs a positive integer`);
      process.exit(2);
    }
  }
  if (opts.files < 500) {
    console.error('bench: --files must be at least 500 (the tree holds 30 MCP files and look-alikes)');
    process.exit(2);
  }
  return opts;
}

// ---------------------------------------------------------------------------------------------
// deterministic tree generation

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeRandom(seed) {
  const next = mulberry32(seed);
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const shuffle = (list) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  return { next, int, pick, shuffle, chance: (p) => next() < p };
}

const PACKAGES = ['billing', 'catalog', 'accounts', 'search', 'notifications', 'reporting', 'inventory', 'shipping', 'identity', 'analytics', 'media', 'scheduler'];
const AREAS = ['services', 'domain', 'adapters', 'jobs', 'api', 'utils', 'models', 'handlers', 'storage', 'workflows', 'integrations', 'config'];
const SUBAREAS = ['internal', 'v2', 'legacy', 'common', 'cache', 'queue', 'http', 'events', 'rules', 'mappers', 'validation', 'export'];
const WORDS_A = ['invoice', 'order', 'customer', 'ledger', 'payment', 'product', 'price', 'tax', 'refund', 'session', 'token', 'audit', 'report', 'metric', 'event', 'batch', 'upload', 'asset', 'thumbnail', 'schedule', 'shift', 'route', 'parcel', 'carrier', 'stock', 'warehouse', 'supplier', 'contract', 'quota', 'tenant', 'profile', 'address', 'search', 'index', 'query', 'facet', 'email', 'digest', 'template', 'webhook', 'retry', 'cursor', 'snapshot', 'feature', 'flag', 'budget', 'forecast', 'coupon'];
const WORDS_B = ['store', 'service', 'mapper', 'builder', 'resolver', 'policy', 'registry', 'queue', 'worker', 'cache', 'client', 'gateway', 'factory', 'validator', 'formatter', 'parser', 'tracker', 'planner', 'scanner', 'loader', 'writer', 'reader', 'monitor', 'router', 'ledger', 'calculator', 'matcher', 'collector', 'adapter', 'manager'];
const VERBS = ['refresh', 'compute', 'collect', 'reconcile', 'prune', 'merge', 'rank', 'flush', 'rebuild', 'sync', 'score', 'archive', 'expand', 'settle', 'tally', 'sweep'];
const NOUNS = ['Totals', 'Entries', 'Window', 'Backlog', 'Batch', 'Snapshot', 'Counters', 'Pending', 'Stale', 'Buckets', 'Tags', 'Deltas'];

const pascal = (s) => s.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
const camel = (s) => pascal(s).replace(/^./, (c) => c.toLowerCase());
const upper = (s) => s.replace(/-/g, '_').toUpperCase();

function relImport(fromFile, toFile) {
  let rel = path.posix.relative(path.posix.dirname(fromFile), toFile).replace(/\.ts$/, '.js');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}

/** Methods of an ordinary service class; `name` is a unique base name, `deps` the imported modules. */
function serviceMethods(rnd, base, deps, count) {
  const rec = `${pascal(base)}Record`;
  const out = [];
  const used = new Set(['add', 'find', 'all', 'size', 'remove']);
  for (let i = 0; i < count; i++) {
    let name;
    do name = `${rnd.pick(VERBS)}${rnd.pick(NOUNS)}`;
    while (used.has(name));
    used.add(name);
    const dep = deps.length > 0 && rnd.chance(0.5) ? rnd.pick(deps) : null;
    const shape = rnd.int(0, 5);
    if (shape === 0) {
      out.push(
        `  ${name}(limit = ${rnd.int(2, 50)}): number {`,
        '    let total = 0;',
        '    for (const item of this.items.values()) {',
        '      if (item.score > limit) {',
        '        total += item.score;',
        '      } else if (item.tags.length > 0) {',
        '        total += item.tags.length;',
        '      }',
        '    }',
        dep ? `    return total + this.${camel(dep.base)}.size();` : '    return total;',
        '  }',
      );
    } else if (shape === 1) {
      out.push(
        `  async ${name}(ids: string[]): Promise<${rec}[]> {`,
        `    const found: ${rec}[] = [];`,
        '    for (const id of ids) {',
        '      const item = this.find(id);',
        '      if (!item) continue;',
        '      await Promise.resolve();',
        '      found.push({ ...item, updatedAt: new Date(item.updatedAt.getTime()) });',
        '    }',
        '    return found;',
        '  }',
      );
    } else if (shape === 2) {
      out.push(
        `  ${name}(prefix: string): string[] {`,
        '    return this.all()',
        `      .filter((item) => item.name.startsWith(${dep ? `normalize${pascal(dep.base)}(prefix)` : 'prefix'}))`,
        '      .sort((a, b) => b.score - a.score)',
        `      .slice(0, ${upper(base)}_LIMIT)`,
        '      .map((item) => item.id);',
        '  }',
      );
    } else if (shape === 3) {
      out.push(
        `  ${name}(): Map<string, number> {`,
        '    const byTag = new Map<string, number>();',
        '    for (const item of this.items.values()) {',
        '      for (const tag of item.tags) {',
        '        byTag.set(tag, (byTag.get(tag) ?? 0) + 1);',
        '      }',
        '    }',
        '    return byTag;',
        '  }',
      );
    } else if (shape === 4) {
      out.push(
        `  ${name}(maxAgeMs: number, now = Date.now()): number {`,
        '    let removed = 0;',
        '    for (const [id, item] of this.items) {',
        '      if (now - item.updatedAt.getTime() > maxAgeMs) {',
        '        this.items.delete(id);',
        '        removed++;',
        '      }',
        '    }',
        '    return removed;',
        '  }',
      );
    } else {
      out.push(
        `  ${name}(input: Partial<${rec}>): ${rec} {`,
        '    const id = input.id ?? `${this.items.size + 1}`;',
        `    const record: ${rec} = {`,
        '      id,',
        `      name: ${dep ? `normalize${pascal(dep.base)}(input.name ?? id)` : 'input.name ?? id'},`,
        '      score: Math.max(0, input.score ?? 0),',
        '      tags: [...(input.tags ?? [])],',
        '      updatedAt: new Date(),',
        '    };',
        '    this.add(record);',
        '    return record;',
        '  }',
      );
    }
    out.push('');
  }
  return out;
}

/** Look-alike members: method names that collide with the SDK's, on objects that are not MCP. */
function lookalikeBlock(rnd, base) {
  const P = pascal(base);
  const variants = rnd.shuffle(['mail', 'tree', 'rpc', 'channel']).slice(0, rnd.int(2, 3));
  const lines = [];
  const uses = [];
  if (variants.includes('mail')) {
    lines.push(
      `export class ${P}MailClient {`,
      '  constructor(private readonly baseUrl: string) {}',
      '',
      '  async request(route: string, body: unknown): Promise<{ status: number; route: string }> {',
      '    await Promise.resolve(body);',
      '    return { status: 202, route: `${this.baseUrl}${route}` };',
      '  }',
      '',
      '  async createMessage(to: string, subject: string): Promise<{ id: string }> {',
      "    const res = await this.request('/messages', { to, subject });",
      '    return { id: `${res.status}:${to}:${subject}` };',
      '  }',
      '}',
      '',
    );
    uses.push(
      `  async notifyOwner(owner: string): Promise<string> {`,
      `    const server = new ${P}MailClient('https://mail.internal');`,
      "    const message = await server.createMessage(owner, 'weekly digest');",
      "    await server.request('/flush', { ids: [message.id] });",
      '    return message.id;',
      '  }',
      '',
    );
  }
  if (variants.includes('tree')) {
    lines.push(
      `export class ${P}FolderTree {`,
      '  constructor(private readonly paths: string[]) {}',
      '',
      '  listRoots(): string[] {',
      "    return [...new Set(this.paths.map((p) => p.split('/')[0] ?? p))];",
      '  }',
      '}',
      '',
    );
    uses.push(
      '  topFolders(): string[] {',
      `    const tree = new ${P}FolderTree(this.all().map((item) => item.name));`,
      '    return tree.listRoots();',
      '  }',
      '',
    );
  }
  if (variants.includes('rpc')) {
    lines.push(
      `export class ${P}JsonRpcPeer {`,
      '  private nextId = 1;',
      '',
      '  async request(message: { method: string; params?: Record<string, unknown> }): Promise<{ id: number; method: string }> {',
      '    return { id: this.nextId++, method: message.method };',
      '  }',
      '}',
      '',
    );
    uses.push(
      '  async pingPeer(): Promise<number> {',
      `    const rpc = new ${P}JsonRpcPeer();`,
      "    const res = await rpc.request({ method: 'roots/list', params: {} });",
      '    return res.id;',
      '  }',
      '',
    );
  }
  if (variants.includes('channel')) {
    lines.push(
      `export interface ${P}Extra {`,
      '  sendRequest(req: { method: string; params: unknown }): Promise<unknown>;',
      '  signal?: AbortSignal;',
      '}',
      '',
      `export async function dispatch${P}(job: string, extra: ${P}Extra): Promise<unknown> {`,
      "  return extra.sendRequest({ method: 'jobs/run', params: { job } });",
      '}',
      '',
    );
  }
  return { lines, uses };
}

function ordinaryFile(rnd, file, deps, lookalike) {
  const base = file.base;
  const P = pascal(base);
  const out = [];
  for (const dep of deps) {
    out.push(`import { normalize${pascal(dep.base)}, ${pascal(dep.base)}Service } from '${relImport(file.path, dep.path)}';`);
  }
  if (deps.length > 0) out.push('');
  const look = lookalike ? lookalikeBlock(rnd, base) : { lines: [], uses: [] };
  out.push(
    `export interface ${P}Record {`,
    '  id: string;',
    '  name: string;',
    '  score: number;',
    '  tags: string[];',
    '  updatedAt: Date;',
    '}',
    '',
    `export const ${upper(base)}_LIMIT = ${rnd.int(5, 500)};`,
    '',
    `export function normalize${P}(input: string): string {`,
    "  return input.trim().toLowerCase().replace(/\\s+/g, '-');",
    '}',
    '',
  );
  if (rnd.chance(0.4)) {
    out.push(
      `export function is${P}Record(value: unknown): value is ${P}Record {`,
      "  if (typeof value !== 'object' || value === null) return false;",
      '  const v = value as Partial<Record<string, unknown>>;',
      "  return typeof v.id === 'string' && typeof v.name === 'string' && typeof v.score === 'number';",
      '}',
      '',
    );
  }
  out.push(...look.lines);
  out.push(`export class ${P}Service {`, `  private readonly items = new Map<string, ${P}Record>();`);
  for (const dep of deps) out.push(`  private readonly ${camel(dep.base)} = new ${pascal(dep.base)}Service();`);
  out.push(
    '',
    `  add(record: ${P}Record): void {`,
    '    this.items.set(record.id, record);',
    '  }',
    '',
    `  find(id: string): ${P}Record | undefined {`,
    '    return this.items.get(id);',
    '  }',
    '',
    `  all(): ${P}Record[] {`,
    '    return [...this.items.values()];',
    '  }',
    '',
    '  size(): number {',
    '    return this.items.size;',
    '  }',
    '',
  );
  out.push(...serviceMethods(rnd, base, deps, rnd.int(2, 9)));
  out.push(...look.uses);
  if (out[out.length - 1] === '') out.pop();
  out.push('}', '');
  return out.join('\n');
}

// --- the MCP modules (v1 SDK), shaped like examples/v1-notes-server ---------------------------

function mcpModule(rnd, pkg, dir, ordinaryDep, index) {
  const P = pascal(pkg);
  const withRoots = index % 2 === 0;
  const classHelper = index % 3 === 1;
  const files = [];
  const sites = [];
  const f = (rel) => `${dir}/${rel}`;
  const depImport = (fromRel) => `import { normalize${pascal(ordinaryDep.base)}, ${pascal(ordinaryDep.base)}Service } from '${relImport(f(fromRel), ordinaryDep.path)}';`;

  // helpers/confirm.ts: one elicitation site (function helper, or a class member using this.server)
  const confirm = [
    "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';",
    '',
    "const CONFIRM_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {",
    "  type: 'object',",
    "  properties: { confirm: { type: 'boolean', title: 'Confirm' } },",
    "  required: ['confirm'],",
    '};',
    '',
  ];
  if (classHelper) {
    confirm.push(
      `export class ${P}ConfirmationGate {`,
      '  constructor(private readonly server: McpServer) {}',
      '',
      '  async confirm(message: string): Promise<boolean> {',
      '    if (!this.server.server.getClientCapabilities()?.elicitation) return false;',
      '    try {',
      '      const result = await this.server.server.elicitInput({ message, requestedSchema: CONFIRM_SCHEMA });',
      "      return result.action === 'accept' && result.content?.confirm === true;",
      '    } catch {',
      '      return false;',
      '    }',
      '  }',
      '}',
      '',
      'export async function confirmAction(server: McpServer, message: string): Promise<boolean> {',
      `  return new ${P}ConfirmationGate(server).confirm(message);`,
      '}',
      '',
    );
  } else {
    confirm.push(
      'export async function confirmAction(server: McpServer, message: string): Promise<boolean> {',
      '  if (!server.server.getClientCapabilities()?.elicitation) return false;',
      '  try {',
      '    const result = await server.server.elicitInput({ message, requestedSchema: CONFIRM_SCHEMA });',
      "    return result.action === 'accept' && result.content?.confirm === true;",
      '  } catch {',
      '    return false;',
      '  }',
      '}',
      '',
    );
  }
  files.push({ path: f('helpers/confirm.ts'), text: confirm.join('\n') });
  sites.push({ file: f('helpers/confirm.ts'), kind: 'elicitation' });

  // helpers/summarize.ts: one sampling site raced against a timeout
  files.push({
    path: f('helpers/summarize.ts'),
    text: [
      "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      '',
      `const TIMEOUT_MS = ${rnd.int(5, 30) * 1000};`,
      '',
      'export async function summarize(server: McpServer, text: string): Promise<string> {',
      '  let timer: ReturnType<typeof setTimeout> | undefined;',
      '  const timeout = new Promise<null>((resolve) => {',
      '    timer = setTimeout(() => resolve(null), TIMEOUT_MS);',
      '  });',
      '  try {',
      '    const result = await Promise.race([',
      '      server.server.createMessage({',
      "        messages: [{ role: 'user', content: { type: 'text', text: `Summarize:\\n\\n${text}` } }],",
      `        maxTokens: ${rnd.pick([128, 200, 256, 400])},`,
      '      }),',
      '      timeout,',
      '    ]);',
      "    if (result && result.content.type === 'text') return result.content.text;",
      '    return text.slice(0, 160);',
      '  } catch {',
      '    return text.slice(0, 160);',
      '  } finally {',
      '    clearTimeout(timer);',
      '  }',
      '}',
      '',
    ].join('\n'),
  });
  sites.push({ file: f('helpers/summarize.ts'), kind: 'sampling' });

  // tools/records.ts: helper-based asks, plus one direct extra.sendRequest
  const D = pascal(ordinaryDep.base);
  const records = [
    "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { ElicitResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
    "import { z } from 'zod';",
    depImport('tools/records.ts'),
    "import { confirmAction } from '../helpers/confirm.js';",
    "import { summarize } from '../helpers/summarize.js';",
    '',
    "const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });",
    '',
    `export function register${P}RecordTools(server: McpServer, service: ${D}Service): void {`,
    `  server.registerTool('${pkg}_delete', { description: 'Delete a record', inputSchema: { id: z.string() } }, async ({ id }) => {`,
    '    const item = service.find(id);',
    "    if (!item) return { ...text(`No record ${id}`), isError: true };",
    "    if (!(await confirmAction(server, `Delete ${item.name}?`))) return text('Cancelled.');",
    '    return text(`Deleted ${item.name}.`);',
    '  });',
    '',
    `  server.registerTool('${pkg}_summary', { description: 'Summarize a record', inputSchema: { id: z.string() } }, async ({ id }) => {`,
    '    const item = service.find(id);',
    "    if (!item) return { ...text(`No record ${id}`), isError: true };",
    "    return text(await summarize(server, `${item.name}: ${item.tags.join(', ')}`));",
    '  });',
    '',
    `  server.registerTool('${pkg}_rename', { description: 'Rename a record', inputSchema: { id: z.string() } }, async ({ id }, extra) => {`,
    '    const answer = await extra.sendRequest(',
    '      {',
    "        method: 'elicitation/create',",
    '        params: {',
    '          message: `New name for ${id}?`,',
    "          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },",
    '        },',
    '      },',
    '      ElicitResultSchema,',
    '    );',
    "    if (answer.action !== 'accept' || typeof answer.content?.name !== 'string') return text('Cancelled.');",
    `    return text(\`Renamed to \${normalize${D}(answer.content.name)}.\`);`,
    '  });',
    '',
    `  server.registerTool('${pkg}_count', { description: 'Count records' }, async () => text(String(service.size())));`,
    '}',
    '',
  ];
  files.push({ path: f('tools/records.ts'), text: records.join('\n') });
  sites.push({ file: f('tools/records.ts'), kind: 'elicitation' });

  // tools/admin.ts: more helper callers, a prompt (prompts/get) and the deprecated server.tool form
  files.push({
    path: f('tools/admin.ts'),
    text: [
      "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod';",
      depImport('tools/admin.ts'),
      "import { confirmAction } from '../helpers/confirm.js';",
      "import { summarize } from '../helpers/summarize.js';",
      '',
      `export function register${P}AdminTools(server: McpServer, service: ${D}Service): void {`,
      `  server.tool('${pkg}_purge', 'Remove every record', async () => {`,
      '    const ok = await confirmAction(server, `Purge ${service.size()} records?`);',
      "    return { content: [{ type: 'text', text: ok ? 'Purged.' : 'Kept.' }] };",
      '  });',
      '',
      `  server.registerPrompt('${pkg}_brief', { description: 'Brief on a record', argsSchema: { id: z.string() } }, async ({ id }) => {`,
      '    const item = service.find(id);',
      `    const summary = item ? await summarize(server, item.name) : normalize${D}(id);`,
      "    return { messages: [{ role: 'user', content: { type: 'text', text: `Brief: ${summary}` } }] };",
      '  });',
      '}',
      '',
    ].join('\n'),
  });

  // server.ts: factory; roots fetched in oninitialized for half of the modules
  const server = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    ...(withRoots ? ["import type { Root } from '@modelcontextprotocol/sdk/types.js';"] : []),
    depImport('server.ts'),
    `import { register${P}AdminTools } from './tools/admin.js';`,
    `import { register${P}RecordTools } from './tools/records.js';`,
    '',
    `export function create${P}Server(service = new ${D}Service()): McpServer {`,
    `  const server = new McpServer({ name: '${pkg}-mcp', version: '0.${rnd.int(1, 9)}.0' }, { capabilities: { tools: {}, prompts: {} } });`,
    `  register${P}RecordTools(server, service);`,
    `  register${P}AdminTools(server, service);`,
  ];
  if (withRoots) {
    server.push(
      '  let roots: Root[] = [];',
      '  server.server.oninitialized = async () => {',
      '    try {',
      '      ({ roots } = await server.server.listRoots());',
      '    } catch {',
      '      roots = [];',
      '    }',
      '  };',
      `  server.registerTool('${pkg}_roots', { description: 'Client roots' }, async () => ({`,
      "    content: [{ type: 'text', text: roots.map((r) => r.uri).join('\\n') }],",
      '  }));',
    );
    sites.push({ file: f('server.ts'), kind: 'roots' });
  }
  server.push('  return server;', '}', '');
  files.push({ path: f('server.ts'), text: server.join('\n') });
  return { files, sites };
}

function generateTree(root, total, seed) {
  const rnd = makeRandom(seed);
  const MCP_MODULES = 6; // x 5 files = 30 = 1% of 3000
  const MCP_FILES = MCP_MODULES * 5;
  const ordinaryCount = total - MCP_FILES;
  const lookalikeCount = Math.round(total * 0.02);

  // folders per package, then files spread over them
  const perPackage = Math.ceil(ordinaryCount / PACKAGES.length);
  const usedBases = new Map();
  const uniqueBase = () => {
    const b = `${rnd.pick(WORDS_A)}-${rnd.pick(WORDS_B)}`;
    const n = (usedBases.get(b) ?? 0) + 1;
    usedBases.set(b, n);
    return n === 1 ? b : `${b}${n}`;
  };
  const ordinary = [];
  for (const pkg of PACKAGES) {
    const folders = [];
    for (const area of rnd.shuffle(AREAS).slice(0, rnd.int(6, 10))) {
      folders.push(`packages/${pkg}/src/${area}`);
      for (const sub of rnd.shuffle(SUBAREAS).slice(0, rnd.int(1, 3))) {
        folders.push(`packages/${pkg}/src/${area}/${sub}`);
        if (rnd.chance(0.3)) folders.push(`packages/${pkg}/src/${area}/${sub}/${rnd.pick(['impl', 'support', 'detail'])}`);
      }
    }
    for (let i = 0; i < perPackage && ordinary.length < ordinaryCount; i++) {
      const base = uniqueBase();
      ordinary.push({ pkg, base, path: `${rnd.pick(folders)}/${base}.ts` });
    }
  }
  // deterministic order, dependencies only on earlier files of the same package (a DAG)
  const lookalikeSet = new Set(rnd.shuffle(ordinary.map((_, i) => i)).slice(0, lookalikeCount));
  const byPkg = new Map();
  const files = [];
  ordinary.forEach((file, i) => {
    const earlier = byPkg.get(file.pkg) ?? [];
    const deps = [];
    const want = earlier.length === 0 ? 0 : rnd.int(0, Math.min(4, earlier.length));
    for (const d of rnd.shuffle(earlier.slice(-60)).slice(0, want)) deps.push(d);
    files.push({ path: file.path, text: ordinaryFile(rnd, file, deps, lookalikeSet.has(i)), lookalike: lookalikeSet.has(i) });
    earlier.push(file);
    byPkg.set(file.pkg, earlier);
  });
  const sites = [];
  const mcpPackages = rnd.shuffle(PACKAGES).slice(0, MCP_MODULES);
  mcpPackages.forEach((pkg, index) => {
    const dep = rnd.pick(byPkg.get(pkg));
    const mod = mcpModule(rnd, pkg, `packages/${pkg}/src/mcp`, dep, index);
    files.push(...mod.files.map((m) => ({ ...m, mcp: true })));
    sites.push(...mod.sites);
  });

  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const hash = createHash('sha256');
  let lines = 0;
  for (const file of files.sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const abs = path.join(root, file.path);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, file.text);
    hash.update(file.path).update('\0').update(file.text);
    lines += file.text.split('\n').length - 1;
  }
  writeFileSync(
    path.join(root, 'package.json'),
    `${JSON.stringify(
      {
        name: 'bench-monorepo',
        version: '1.0.0',
        private: true,
        type: 'module',
        scripts: { build: 'tsc -p .' },
        dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', zod: '^3.25.76' },
        devDependencies: { '@types/node': '^20.19.0', typescript: '^5.9.0' },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          types: ['node'],
        },
        include: ['packages/**/*.ts'],
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(path.join(root, '.gitignore'), 'node_modules/\ndist/\n');
  // Make the tree its own repository root, as a real project is: tools that honour .gitignore must
  // not apply the outer repository's `.bench/` rule to it.
  const git = spawnSync('git', ['init', '-q', root], { stdio: 'ignore' });
  return {
    files: files.length,
    mcpFiles: files.filter((f) => f.mcp).length,
    lookalikeFiles: files.filter((f) => f.lookalike).length,
    sites,
    lines,
    fingerprint: hash.digest('hex').slice(0, 16),
    gitInit: git.status === 0,
  };
}

// ---------------------------------------------------------------------------------------------
// measuring

const SOURCE_RE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const DECL_RE = /\.d\.(?:ts|mts|cts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'build', 'coverage']);

function listSources(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) listSources(path.join(dir, entry.name), out);
    } else if (SOURCE_RE.test(entry.name) && !DECL_RE.test(entry.name)) {
      out.push(path.join(dir, entry.name));
    }
  }
  return out;
}

/** Content fingerprint of a tree (every file but .git), to prove a dry run wrote nothing. */
function treeFingerprint(dir) {
  const hash = createHash('sha256');
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name === '.git' || entry.name === 'node_modules') continue;
      const abs = path.join(d, entry.name);
      if (entry.isDirectory()) walk(abs);
      else hash.update(abs).update('\0').update(readFileSync(abs));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

function readVmHwmKb(pid) {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Runs `node --require peak-rss.cjs <args>` once; resolves with wall time, peak RSS, exit, output. */
function measureOnce(args) {
  const rssFile = path.join(os.tmpdir(), `mcp-mrtr-bench-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--require', PEAK_RSS_PRELOAD, ...args], {
      cwd: REPO,
      env: { ...process.env, BENCH_PEAK_RSS_FILE: rssFile, NODE_OPTIONS: '', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (b) => stdout.push(b));
    child.stderr.on('data', (b) => stderr.push(b));
    // Fallback only (the preload's own reading at exit is exact): poll the kernel's high-water mark.
    let polledKb = null;
    const poll = setInterval(() => {
      const kb = readVmHwmKb(child.pid);
      if (kb !== null) polledKb = Math.max(polledKb ?? 0, kb);
    }, 20);
    const killer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('close', (code, signal) => {
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      clearInterval(poll);
      clearTimeout(killer);
      let rssKb = null;
      let rssSource = 'none';
      try {
        const r = JSON.parse(readFileSync(rssFile, 'utf8'));
        rssKb = r.hwmKb ?? r.maxRssKb;
        rssSource = r.hwmKb != null ? 'VmHWM at exit' : 'getrusage maxRSS at exit';
        rmSync(rssFile, { force: true });
      } catch {
        if (polledKb !== null) {
          rssKb = polledKb;
          rssSource = 'VmHWM polled (lower bound)';
        }
      }
      resolve({
        wallS,
        rssKb,
        rssSource,
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}

async function measure(args, runs) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await measureOnce(args));
  const walls = all.map((r) => r.wallS).sort((a, b) => a - b);
  const last = all[all.length - 1];
  const rss = all.map((r) => r.rssKb).filter((v) => v != null);
  return {
    ...last,
    wallS: walls[Math.floor(walls.length / 2)], // median
    rssKb: rss.length > 0 ? Math.max(...rss) : null, // worst run
    runs: all,
  };
}

function resolveOfficialBin() {
  const dir = path.join(REPO, 'node_modules', '@modelcontextprotocol', 'codemod');
  const pkgFile = path.join(dir, 'package.json');
  if (!existsSync(pkgFile)) return null;
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.['mcp-codemod'];
  return bin ? { version: pkg.version, cli: path.join(dir, bin) } : null;
}

/** Our report, when stdout is one: totals and sites (schema may still move, so read defensively). */
function parseOurReport(stdout) {
  try {
    const report = JSON.parse(stdout);
    if (!report || typeof report !== 'object' || !report.totals) return null;
    return report;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// main

const opts = parseArgs(process.argv.slice(2));
const rel = (p) => path.relative(REPO, p) || '.';
const treeDir = path.join(REPO, '.bench', `tree-${opts.files}`);
const examplesDir = path.join(REPO, 'examples');

console.log(`mcp-mrtr-codemod bench  (node ${process.version}, ${os.platform()}/${os.arch()}, ${os.cpus().length} CPUs, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB)`);
let t0 = process.hrtime.bigint();
const tree = generateTree(treeDir, opts.files, opts.seed);
const genS = Number(process.hrtime.bigint() - t0) / 1e9;
const byKind = tree.sites.reduce((acc, s) => ((acc[s.kind] = (acc[s.kind] ?? 0) + 1), acc), {});
console.log(
  `tree: ${rel(treeDir)}  ${tree.files} files, ${tree.lines} lines, ${tree.mcpFiles} MCP files (v1 SDK), ${tree.lookalikeFiles} look-alike files; ` +
    `${tree.sites.length} push-style sites (${Object.entries(byKind).map(([k, v]) => `${k} ${v}`).join(', ')}); seed ${opts.seed}, fingerprint ${tree.fingerprint}, generated in ${genS.toFixed(2)} s` +
    (tree.gitInit ? '' : ' (git init failed: tree is not its own repo root)'),
);
console.log(`peak RSS: node --require ${rel(PEAK_RSS_PRELOAD)} (VmHWM / getrusage maxRSS of the tool's process at exit); wall: spawn to exit, median of ${opts.runs} run(s)\n`);

const official = resolveOfficialBin();
const ourBuilt = existsSync(OUR_CLI);
const rows = [];

async function runRow({ target, dir, tool, args, kind }) {
  const files = listSources(dir).length;
  const row = { target, tool, files, kind, command: `node ${args.map((a) => (path.isAbsolute(a) ? rel(a) : a)).join(' ')}` };
  const before = treeFingerprint(dir);
  const result = await measure(args, opts.runs);
  const after = treeFingerprint(dir);
  Object.assign(row, { wallS: result.wallS, rssKb: result.rssKb, rssSource: result.rssSource, code: result.code, signal: result.signal });
  row.wroteFiles = before !== after;
  if (kind === 'ours') {
    row.report = parseOurReport(result.stdout);
    row.ok = row.report !== null && result.signal === null;
  } else {
    row.ok = result.signal === null && (result.code === 0 || result.code === 1) && result.stdout.includes('@modelcontextprotocol/codemod');
    const changes = /Changes: (\d+) across (\d+) file/.exec(result.stdout);
    const markers = /(\d+) location\(s\) marked/.exec(result.stdout);
    row.note = `${changes ? `${changes[1]} changes in ${changes[2]} files` : 'no changes'}${markers ? `, ${markers[1]} error markers` : ''}, exit ${result.code}`;
  }
  if (!row.ok) {
    row.note = `FAILED (exit ${result.code}${result.signal ? `, ${result.signal}` : ''}): ${(result.stderr || result.stdout).trim().split('\n').slice(-3).join(' | ').slice(0, 300)}`;
  }
  rows.push(row);
  return row;
}

const ourArgs = (dir) => [OUR_CLI, '--dry-run', '--report', 'json', '--quiet', dir];

let ourTree = null;
if (ourBuilt) ourTree = await runRow({ target: rel(treeDir), dir: treeDir, tool: 'mcp-mrtr-codemod', kind: 'ours', args: ourArgs(treeDir) });
else rows.push({ target: rel(treeDir), tool: 'mcp-mrtr-codemod', files: listSources(treeDir).length, notBuilt: true });

let officialTree = null;
if (!opts.official) rows.push({ target: rel(treeDir), tool: 'official codemod', files: tree.files, skipped: 'skipped (--no-official)' });
else if (!official) rows.push({ target: rel(treeDir), tool: 'official codemod', files: tree.files, skipped: 'not installed' });
else {
  officialTree = await runRow({
    target: rel(treeDir),
    dir: treeDir,
    tool: `official codemod ${official.version}`,
    kind: 'official',
    args: [official.cli, 'v1-to-v2', '--dry-run', treeDir],
  });
}

if (ourBuilt) await runRow({ target: 'examples/', dir: examplesDir, tool: 'mcp-mrtr-codemod', kind: 'ours', args: ourArgs(examplesDir) });
else rows.push({ target: 'examples/', tool: 'mcp-mrtr-codemod', files: listSources(examplesDir).length, notBuilt: true });

// ---------------------------------------------------------------------------------------------
// table

const speedup = ourTree?.ok && officialTree?.ok ? officialTree.wallS / ourTree.wallS : null;
const rssRatio = ourTree?.ok && officialTree?.ok && ourTree.rssKb && officialTree.rssKb ? officialTree.rssKb / ourTree.rssKb : null;
const fmt = (v, digits) => (v == null ? '-' : v.toFixed(digits));
const header = ['target', 'tool', 'files', 'wall s', 'files/s', 'peak RSS MB', 'official/ours'];
const table = rows.map((r) => {
  if (r.notBuilt) return [r.target, r.tool, String(r.files), 'not built', '-', '-', '-'];
  if (r.skipped) return [r.target, r.tool, String(r.files), r.skipped, '-', '-', '-'];
  const ratio = r === ourTree && speedup != null ? `${speedup.toFixed(1)}x time, ${rssRatio != null ? `${rssRatio.toFixed(1)}x RSS` : '- RSS'}` : '-';
  return [r.target, r.tool, String(r.files), fmt(r.wallS, 2) + (r.ok ? '' : ' (failed)'), r.wallS ? fmt(r.files / r.wallS, 0) : '-', r.rssKb ? fmt(r.rssKb / 1024, 0) : '-', ratio];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(row));
console.log('');

for (const r of rows) {
  if (r.command) console.log(`${r.tool} on ${r.target}: ${r.command}`);
  if (r.note) console.log(`  ${r.note}`);
  if (r.rssSource && r.rssSource !== 'VmHWM at exit') console.log(`  peak RSS source: ${r.rssSource}`);
  if (r.wroteFiles) console.log('  WARNING: the dry run changed files in the target');
  if (r.report) {
    const t = r.report.totals;
    const expected = r === ourTree ? ` (generator planted ${tree.sites.length})` : '';
    console.log(`  report: ${t.files ?? '?'} files, ${t.filesParsed ?? '?'} parsed, ${t.sites ?? '?'} sites${expected}`);
  }
}
console.log('');

// ---------------------------------------------------------------------------------------------
// targets

const checks = [];
const check = (name, measured, pass) => checks.push({ name, measured, status: pass === null ? 'SKIP' : pass ? 'PASS' : 'FAIL' });
const ourOk = ourTree?.ok ?? false;
const why = ourBuilt ? 'our audit failed' : 'not built';
check(`our audit of ${tree.files} files < ${TARGETS.maxSeconds} s`, ourOk ? `${ourTree.wallS.toFixed(2)} s` : why, ourOk ? ourTree.wallS < TARGETS.maxSeconds : ourBuilt ? false : null);
check(
  `our audit of ${tree.files} files < ${TARGETS.maxRssMb} MB peak RSS`,
  ourOk && ourTree.rssKb ? `${(ourTree.rssKb / 1024).toFixed(0)} MB` : why,
  ourOk && ourTree.rssKb ? ourTree.rssKb / 1024 < TARGETS.maxRssMb : ourBuilt ? false : null,
);
check(
  `our audit >= ${TARGETS.minSpeedup}x faster than the official dry run`,
  speedup != null ? `${speedup.toFixed(1)}x` : !ourBuilt ? why : !officialTree?.ok ? 'official run unavailable' : why,
  speedup != null ? speedup >= TARGETS.minSpeedup : ourBuilt && officialTree?.ok ? false : null,
);
check(
  'dry runs wrote nothing',
  rows.some((r) => r.wroteFiles) ? rows.filter((r) => r.wroteFiles).map((r) => `${r.tool} on ${r.target}`).join(', ') : 'unchanged',
  !rows.some((r) => r.wroteFiles),
);
for (const c of checks) console.log(`${c.status.padEnd(4)}  ${c.name}: ${c.measured}`);

const failed = checks.some((c) => c.status !== 'PASS');
if (opts.strict && failed) {
  console.log('\n--strict: a target failed or could not be measured');
  process.exitCode = 1;
}
