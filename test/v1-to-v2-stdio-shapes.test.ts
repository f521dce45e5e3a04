import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { FIXTURES_ROOT, readTree, REPO_ROOT, snapshotTree } from './support/fixtures.js';
import { strictDiagnostics } from './support/typecheck.js';
import { auditWithTexts } from '../api/index.js';
import { confirmOnceScript, copyOf, expectTree, removeTemps, run, temps, tempTree } from './support/v1-to-v2.js';

afterEach(removeTemps);

let elicits = 0;
// The first confirmation is accepted, the next declined.
const script = confirmOnceScript(() => elicits++);

// Stdio entries as the real servers of the end-to-end run write them (issue 18): a server built and registered inside
// main() next to setup of its own (its connect's .catch included), a factory's `{ server, cleanup }` with a signal
// handler after the connect, a singleton imported from the module whose exported factory builds it. Each is served by
// serveStdio, and so is a module-level server read by a registration function main() calls and by a signal handler
// (rebound per connection); the shapes it cannot rewrite safely (the server returned to a caller that keeps it, a
// factory that builds process-wide values) stay for review with advice naming what holds them.
describe('v1 stdio entries of the real servers', () => {
  const SHAPES = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'stdio-shapes');
  const INPUT = path.join(SHAPES, 'input');
  const EXPECTED = path.join(SHAPES, 'expected');

  it('serve through serveStdio, or stay for review with advice naming what holds them; the dry run plans the same bytes and writes nothing; a second run changes nothing', () => {
    const dir = copyOf(INPUT);
    const dry = copyOf(INPUT);
    const before = snapshotTree(dry);
    const planned = run(['--dry-run', '--diff', '--quiet', dry]);
    expect(planned.code, planned.stderr).toBe(0);
    expect(snapshotTree(dry)).toEqual(before);
    const first = run(['--report', 'json', dir]);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    const serving = (report.findings ?? []).filter((f) => /serv/.test(f.reason));
    expect(serving.map((f) => `${f.file}:${f.line} ${f.reason}`)).toEqual([
      'src/classic.ts:50 served-by-serve-stdio',
      'src/destructured.ts:9 served-by-serve-stdio',
      'src/field.ts:31 served-by-serve-stdio',
      'src/global.ts:14 served-by-serve-stdio',
      'src/imported.ts:11 served-by-serve-stdio',
      'src/inline.ts:39 served-by-serve-stdio',
      'src/kept.ts:9 serving-2025-only',
      'src/returned.ts:15 serving-2025-only',
      'src/shared.ts:22 serving-2025-only',
      'src/spaced.ts:11 served-by-serve-stdio',
      'src/started.ts:18 served-by-serve-stdio',
    ]);
    const output = readTree(dir);
    // A review item's line is the connect's in the migrated text, under its marker (a note's is the connect's in the official codemod's output).
    for (const f of serving.filter((s) => s.decision === 'review'))
      expect(output[f.file]!.split('\n')[f.line - 2], `${f.file}:${f.line}`).toMatch(
        /@mcp-mrtr-review serving-2025-only/,
      );
    const advice = Object.fromEntries(serving.map((f) => [f.file, f.message]));
    expect(advice['src/returned.ts']).toContain('serveStdio(() => createServer())');
    // Returned to a caller that keeps it (keep.ts), or to none: review; to callers that drop it (start.ts): served.
    expect(advice['src/kept.ts']).toContain('startKept() returns the server after connecting it');
    expect(advice['src/shared.ts']).toMatch(/createServer\(\) builds more than the server: bus /);
    expectTree(output, EXPECTED);
    // The dry run's patch, applied, gives exactly what the migration wrote.
    const patch = `${dry}.patch`;
    temps.push(patch);
    fs.writeFileSync(patch, planned.stdout);
    const applied = spawnSync('git', ['apply', patch], { cwd: dry, encoding: 'utf8' });
    expect(applied.stderr).toBe('');
    expect(readTree(dry)).toEqual(output);
    const again = run(['--report', 'json', dir]);
    expect(again.code, again.why).toBe(0);
    expect((JSON.parse(again.stdout) as Report).files.filter((f) => f.status !== 'unchanged')).toEqual([]);
  });

  it('compiles under strict TypeScript (NodeNext)', () => {
    const files = [
      'classic.ts',
      'field.ts',
      'inline.ts',
      'destructured.ts',
      'factory.ts',
      'imported.ts',
      'singleton.ts',
      'started.ts',
      'start.ts',
      'spaced.ts',
    ];
    expect(
      strictDiagnostics(
        files.map((f) => path.join(EXPECTED, 'src', f)),
        REPO_ROOT,
      ),
    ).toEqual([]);
  });

  it('answer as the v1 originals over stdio, as real child processes, in both eras', async () => {
    const calls: Record<string, Call[]> = {
      'inline.js': [
        { kind: 'tool', name: 'add', args: { entry: 'rent' } },
        { kind: 'tool', name: 'count', args: {} },
        { kind: 'tool', name: 'add', args: { entry: 'food' } },
      ],
      'destructured.js': [{ kind: 'tool', name: 'status', args: {} }],
      'spaced.js': [{ kind: 'tool', name: 'ping', args: {} }],
      'imported.js': [{ kind: 'tool', name: 'epoch', args: {} }],
      'global.js': [{ kind: 'tool', name: 'hello', args: {} }],
      'field.js': [
        { kind: 'tool', name: 'add', args: { by: 2 } },
        { kind: 'tool', name: 'add', args: { by: 5 } },
      ],
      'classic.js': [
        { kind: 'tool', name: 'note', args: { text: 'milk' } },
        { kind: 'tool', name: 'notes', args: {} },
        { kind: 'tool', name: 'note', args: { text: 'eggs' } },
        { kind: 'tool', name: 'notes', args: {} },
      ],
      'start.js': [
        { kind: 'tool', name: 'greet', args: {} },
        { kind: 'tool', name: 'greet', args: {} },
      ],
    };
    const original = compileTree(INPUT);
    const migrated = compileTree(EXPECTED);
    for (const [entry, entryCalls] of Object.entries(calls)) {
      elicits = 0;
      const viaV1 = await runOverStdio(path.join(original, 'src', entry), 'v1', entryCalls, script);
      expect(viaV1.results.length, entry).toBe(entryCalls.length);
      for (const era of ['2025', '2026'] as const) {
        elicits = 0;
        expect(
          await runOverStdio(path.join(migrated, 'src', entry), era, entryCalls, script),
          `${entry} ${era}`,
        ).toEqual(viaV1);
      }
    }
  });
});

// The v1 imports of an entry file, and an audit of a v1 tree: its serving findings and an entry's planned text.
const V1_IMPORTS = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
];
const V1_PACKAGE =
  JSON.stringify({ name: 'x', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } }, null, 2) +
  '\n';
async function auditServing(files: Record<string, string>, entry = 'src/index.ts') {
  const dir = tempTree({ 'package.json': V1_PACKAGE, ...files });
  const { report, texts } = await auditWithTexts({ paths: [dir], v1ToV2: true });
  const serving = (report.findings ?? []).filter((f) => /serv/.test(f.reason));
  return { serving, after: texts.get(path.join(dir, ...entry.split('/')))?.after ?? '' };
}

// What decides between the rewrite and review, on servers built in the function that connects them.
describe('v1 stdio entries: what stays for review', () => {
  const entry = (body: string[]) => [...V1_IMPORTS, ...body, ''];
  const audit = (lines: string[]) => auditServing({ 'src/index.ts': lines.join('\n') });

  it("a class's run() that builds its server: the arrow factory keeps `this`", async () => {
    const { serving, after } = await audit(
      entry([
        'export class App {',
        '  private readonly greeting = "hello";',
        '  async run() {',
        "    const server = new McpServer({ name: 'x', version: '1.0.0' });",
        "    server.registerTool('hi', {}, async () => ({ content: [{ type: 'text' as const, text: this.greeting }] }));",
        '    await server.connect(new StdioServerTransport());',
        '  }',
        '}',
      ]),
    );
    expect(serving.map((f) => `${f.file}:${f.line} ${f.reason}`)).toEqual(['src/index.ts:9 served-by-serve-stdio']);
    expect(after).toContain('    serveStdio(() => {\n      const server = new McpServer(');
    expect(after).toContain('      return server;\n    });\n  }');
  });

  it('a registration that awaits makes the factory async', async () => {
    const { serving, after } = await audit(
      entry([
        'async function registerAll(server: McpServer) {',
        "  server.registerTool('hi', {}, async () => ({ content: [] }));",
        '}',
        'async function main() {',
        "  const server = new McpServer({ name: 'x', version: '1.0.0' });",
        '  await registerAll(server);',
        '  await server.connect(new StdioServerTransport());',
        '}',
        'await main();',
      ]),
    );
    expect(serving.map((f) => f.reason)).toEqual(['served-by-serve-stdio']);
    expect(after).toContain('  serveStdio(async () => {\n    const server = new McpServer(');
    expect(after).toContain('    await registerAll(server);\n    return server;\n  });');
  });

  it('a transport made elsewhere whose name says stdio: review, naming it (never a client connect)', async () => {
    const { serving } = await audit(
      entry([
        'export async function start(opts: { transport?: StdioServerTransport } = {}) {',
        "  const server = new McpServer({ name: 'x', version: '1.0.0' });",
        '  await server.connect(opts.transport ?? new StdioServerTransport());',
        '}',
      ]),
    );
    expect(serving.map((f) => `${f.line} ${f.reason}`)).toEqual(['7 serving-2025-only']);
    expect(serving[0]!.message).toContain(
      'server.connect(opts.transport ?? new StdioServerTransport()) serves 2025-era clients only',
    );
    const client = await audit(
      entry([
        "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
        'export async function ask(stdioTransport: never) {',
        "  await new Client({ name: 'c', version: '1' }).connect(stdioTransport);",
        '}',
      ]),
    );
    expect(client.serving).toEqual([]);
  });

  it('a class in plain JavaScript: the method has no TypeScript modifier, and Node parses the result', async () => {
    const js = [
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
      "import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
      'class App {',
      '  constructor() {',
      "    this.server = new Server({ name: 'x', version: '1.0.0' }, { capabilities: { tools: {} } });",
      '    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));',
      '  }',
      '  async run() {',
      '    const transport = new StdioServerTransport();',
      '    await this.server.connect(transport);',
      '  }',
      '}',
      'new App().run();',
      '',
    ].join('\n');
    const { serving, after } = await auditServing({ 'src/index.js': js }, 'src/index.js');
    expect(serving.map((f) => f.reason)).toEqual(['served-by-serve-stdio']);
    expect(after).toContain('\n  buildServer() {\n');
    expect(after).not.toContain('private');
    const file = path.join(tempTree({ 'index.mjs': after }), 'index.mjs');
    const checked = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  it('a class whose constructor builds this.server: what the factory method cannot repeat stays for review, naming it', async () => {
    const classOf = (
      ctor: string[],
      more: string[] = [],
      run = ['    await this.server.connect(new StdioServerTransport());'],
    ) =>
      entry([
        'export class App {',
        '  private server: McpServer;',
        '  constructor(name: string) {',
        ...ctor,
        '  }',
        ...more,
        '  async run() {',
        ...run,
        '  }',
        '}',
      ]);
    const served = await audit(
      classOf(
        ["    this.server = new McpServer({ name: 'x', version: '1.0.0' });", '    this.register();', '    void name;'],
        ['  private register() {', "    this.server.registerTool('hi', {}, async () => ({ content: [] }));", '  }'],
      ),
    );
    expect(served.serving.map((f) => f.reason)).toEqual(['served-by-serve-stdio']);
    expect(served.after).toContain('    this.server = this.buildServer();\n');
    expect(served.after).toContain(
      "  private buildServer() {\n    this.server = new McpServer({ name: 'x', version: '1.0.0' });\n    this.register();\n    return this.server;\n  }",
    );
    expect(served.after).toContain('    serveStdio(() => this.buildServer());');
    const cases: Array<[string, string[], string]> = [
      [
        'built from a parameter',
        classOf(["    this.server = new McpServer({ name, version: '1.0.0' });"]),
        "built from the constructor's parameters or locals",
      ],
      [
        'registered with a const of the constructor',
        classOf([
          "    const description = 'Hi';",
          "    this.server = new McpServer({ name: 'x', version: '1.0.0' });",
          "    this.server.registerTool('hi', { description }, async () => ({ content: [] }));",
        ]),
        "reads the constructor's parameters or locals",
      ],
      [
        'another property set between the building and a registration',
        classOf(
          [
            "    this.server = new McpServer({ name: 'x', version: '1.0.0' });",
            "    this.greeting = 'hi';",
            '    this.server.registerTool(this.greeting, {}, async () => ({ content: [] }));',
          ],
          ['  private greeting = "";'],
        ),
        'sets other properties between building this.server and registering on it',
      ],
      [
        'passed on whole',
        classOf(["    this.server = new McpServer({ name: 'x', version: '1.0.0' });", '    register(this.server);']),
        'a constructor statement uses this.server',
      ],
      [
        'a setup method that does more than register',
        classOf(
          ["    this.server = new McpServer({ name: 'x', version: '1.0.0' });", '    this.setup();'],
          [
            '  private setup() {',
            "    this.server.registerTool('hi', {}, async () => ({ content: [] }));",
            '    startTimer();',
            '  }',
          ],
        ),
        'a constructor statement uses this.server',
      ],
      [
        'used by run() after its connect',
        classOf(
          ["    this.server = new McpServer({ name: 'x', version: '1.0.0' });"],
          [],
          [
            '    await this.server.connect(new StdioServerTransport());',
            "    await this.server.sendLoggingMessage({ level: 'info', data: 'up' });",
          ],
        ),
        'run() uses this.server besides its connect',
      ],
      [
        'registered by a method run() calls',
        classOf(
          ["    this.server = new McpServer({ name: 'x', version: '1.0.0' });"],
          ['  private register() {', "    this.server.registerTool('hi', {}, async () => ({ content: [] }));", '  }'],
          ['    this.register();', '    await this.server.connect(new StdioServerTransport());'],
        ),
        'run() calls register(), which uses this.server',
      ],
      [
        'readonly',
        classOf(["    this.server = new McpServer({ name: 'x', version: '1.0.0' });"]).map((line) =>
          line.replace('private server', 'private readonly server'),
        ),
        'this.server is readonly',
      ],
      [
        'returned by another method',
        classOf(
          ["    this.server = new McpServer({ name: 'x', version: '1.0.0' });"],
          ['  get mcp() {', '    return this.server;', '  }'],
        ),
        'used as a whole',
      ],
    ];
    for (const [what, lines, why] of cases) {
      const { serving, after } = await audit([
        ...lines,
        'declare function register(s: McpServer): void;',
        'declare function startTimer(): void;',
      ]);
      expect(
        serving.map((f) => f.reason),
        what,
      ).toEqual(['serving-2025-only']);
      expect(serving[0]!.message, what).toContain(why);
      expect(after, what).not.toContain('buildServer() {');
    }
  });

  it("a class's this.server, a server used after the connect or in a statement that cannot move: review, naming it", async () => {
    // Built by the property's initializer: the initializer and the constructor's registrations go into buildServer().
    const property = await audit(
      entry([
        'export class App {',
        "  private server = new McpServer({ name: 'x', version: '1.0.0' });",
        '  constructor() {',
        "    this.server.registerTool('hi', {}, async () => ({ content: [] }));",
        '  }',
        '  async run() {',
        '    await this.server.connect(new StdioServerTransport());',
        '  }',
        '}',
      ]),
    );
    expect(property.serving.map((f) => `${f.line} ${f.reason}`)).toEqual(['10 served-by-serve-stdio']);
    expect(property.after).toContain('  private server: McpServer = this.buildServer();\n');
    expect(property.after).toContain(
      "  private buildServer() {\n    this.server = new McpServer({ name: 'x', version: '1.0.0' });\n    this.server.registerTool('hi', {}, async () => ({ content: [] }));\n    return this.server;\n  }",
    );
    // A registration that reads another property would run before that property is set.
    const early = await audit(
      entry([
        'export class App {',
        "  private server = new McpServer({ name: 'x', version: '1.0.0' });",
        "  private greeting = 'hi';",
        '  constructor() {',
        '    this.server.registerTool(this.greeting, {}, async () => ({ content: [] }));',
        '  }',
        '  async run() {',
        '    await this.server.connect(new StdioServerTransport());',
        '  }',
        '}',
      ]),
    );
    expect(early.serving.map((f) => `${f.line} ${f.reason}`)).toEqual(['12 serving-2025-only']);
    expect(early.serving[0]!.message).toContain('reads another property of the object, not yet set when it is built');
    const usedAfter = await audit(
      entry([
        'async function main() {',
        "  const server = new McpServer({ name: 'x', version: '1.0.0' });",
        '  await server.connect(new StdioServerTransport());',
        "  server.sendLoggingMessage({ level: 'info', data: 'up' });",
        '}',
        'await main();',
      ]),
    );
    expect(usedAfter.serving.map((f) => `${f.line} ${f.reason}`)).toEqual(['7 serving-2025-only']);
    expect(usedAfter.serving[0]!.message).toContain('(line 7)');
    const held = await audit(
      entry([
        'async function main() {',
        "  const server = new McpServer({ name: 'x', version: '1.0.0' });",
        '  const servers = [server];',
        '  await server.connect(new StdioServerTransport());',
        '  return servers;',
        '}',
        'await main();',
      ]),
    );
    expect(held.serving.map((f) => `${f.line} ${f.reason}`)).toEqual(['8 serving-2025-only']);
    expect(held.serving[0]!.message).toContain('`const servers = [server];` (line 6)');
    for (const { after } of [early, usedAfter, held]) expect(after).not.toMatch(/^\s*serveStdio\(/m);
  });
});

// A function that connects its server and returns it loses the return only when every caller drops the result.
describe('v1 stdio entries: a returned server and its callers', () => {
  const entry = [
    ...V1_IMPORTS,
    'export async function startServer() {',
    "  const server = new McpServer({ name: 'x', version: '1.0.0' });",
    '  await server.connect(new StdioServerTransport());',
    '  return server;',
    '}',
    '',
  ].join('\n');
  const served = async (files: Record<string, string>) =>
    (await auditServing({ 'src/server.ts': entry, ...files })).serving.map((f) => f.reason);
  const caller = (lines: string[]) => ({ 'src/index.ts': lines.join('\n') + '\n' });

  it('dropped by every caller: served; kept, passed on, renamed, re-exported or never called: review', async () => {
    const load = "import { startServer } from './server.js';";
    expect(await served(caller([load, 'await startServer();']))).toEqual(['served-by-serve-stdio']);
    expect(await served(caller([load, 'startServer().catch((e) => {', '  process.exit(1);', '});']))).toEqual([
      'served-by-serve-stdio',
    ]);
    for (const lines of [
      [load, 'const server = await startServer();'],
      [load, 'const server =', '  await startServer();'],
      [load, 'await startServer();', 'export const again = () => startServer();'],
      ["import { startServer as start } from './server.js';", 'await start();'],
      ["export { startServer } from './server.js';"],
      ['// nothing calls it'],
    ])
      expect(await served(caller(lines)), lines.join(' / ')).toEqual(['serving-2025-only']);
  });
});

// A module-level server read by other functions is rebound per connection only when they are registrations main()
// runs before its connect (no arguments) or listeners that read its members.
describe('v1 stdio entries: a module-level server read by functions', () => {
  const served = async (lines: string[]) => {
    const text = [
      ...V1_IMPORTS,
      "const mcpServer = new McpServer({ name: 'x', version: '1.0.0' });",
      'function registerTools() {',
      "  mcpServer.registerTool('hi', {}, async () => ({ content: [] }));",
      '}',
      ...lines,
      '',
    ].join('\n');
    const { serving, after } = await auditServing({ 'src/index.ts': text });
    return { reasons: serving.map((f) => f.reason), after };
  };
  const main = (inner: string[]) => ['async function main() {', ...inner, '}', 'await main();'];
  const connect = '  await mcpServer.connect(new StdioServerTransport());';

  it('registrations main() runs, listeners reading members: rebound; any other reader: review', async () => {
    const rebound = await served([
      ...main(['  registerTools();', connect]),
      "process.on('SIGINT', () => void mcpServer.close());",
    ]);
    expect(rebound.reasons).toEqual(['served-by-serve-stdio']);
    expect(rebound.after).toContain('let mcpServer = build();');
    expect(rebound.after).toContain('  serveStdio(() => {\n    mcpServer = build();\n    registerTools();\n');
    for (const lines of [
      [...main(['  registerTools();', connect]), 'registerTools();'],
      [...main([connect]), 'registerTools();'],
      [...main(['  registerTools();', connect, '  registerTools();'])],
      [...main(['  registerTools();', connect]), "process.on('SIGINT', () => console.log(mcpServer));"],
      [...main(['  registerTools();', connect]), 'export const server = () => mcpServer.server;'],
    ])
      expect((await served(lines)).reasons, lines.join(' / ')).toEqual(['serving-2025-only']);
  });
});
