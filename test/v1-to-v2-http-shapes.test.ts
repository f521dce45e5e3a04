import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { removeTemps, run, tempTree } from './support/v1-to-v2.js';

afterEach(removeTemps);

// v1 servers served over Streamable HTTP, in shapes around the processes of v1-to-v2-http.test.ts (under the same
// describe title): what the migration routes to createMcpHandler(() => build(), { legacy: 'reject' }), and what it
// leaves to review with the reason in its advice, are fixtures (`__fixtures__/v1-to-v2-cli/{rewrite,review}-http-*`).
// Here: a review item is read back from its marker by a second run.
describe('v1 servers over Streamable HTTP: Express (sessionful, stateless), node:http, Hono', () => {
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
    // The connect's line in the user's text; in the migrated text, a line below its marker (the second run's).
    expect(review.map((f) => `${f.file}:${f.line} ${f.transform}/${f.reason}`)).toEqual([
      'src/index.ts:9 v1-to-v2/serving-2025-only',
    ]);
    expect(review[0]!.message).toContain('isLegacyRequest');
    expect(review[0]!.message).toContain('enableDnsRebindingProtection, allowedHosts');
    expect(review[0]!.message).toContain('hostHeaderValidation');
    expect(run(['--quiet', dir]).code).toBe(0);
    const text = fs.readFileSync(path.join(dir, 'src', 'index.ts'), 'utf8');
    const lines = text.split('\n');
    expect(lines[8]).toMatch(
      /^ {2}\/\* @mcp-mrtr-review serving-2025-only: server\.connect\(new NodeStreamableHTTPServerTransport\(\.\.\.\)\) serves 2025-era clients only\..* \*\/$/,
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

  // A server the handler builds with `new` moves into a module-level buildServer() (fixtures
  // `rewrite-http-express-inline*`); here, the shapes where that would change what a request gets.
  it.each([
    {
      name: 'registers after the connect',
      body: ['await server.connect(transport);', "server.registerTool('late', {}, async () => ({ content: [] }));"],
      why: 'for more than building, storing, connecting and closing it',
    },
    {
      name: 'awaits a registration',
      body: ['await registerLater(server);', 'await server.connect(transport);'],
      why: 'wait for something (await)',
    },
    {
      name: 'rebinds the server before the connect',
      body: ['server = wrap(server);', 'await server.connect(transport);'],
      why: 'in a way that cannot move into a function that builds it',
    },
    {
      name: 'registers with the request',
      body: [
        "server.registerTool(String(req.headers['x-tool']), {}, async () => ({ content: [] }));",
        'await server.connect(transport);',
      ],
      why: 'read req, which the handler computes',
    },
  ])('leaves a server built in the handler to review when it $name', ({ body, why }) => {
    const dir = tempTree({
      'package.json':
        JSON.stringify({ name: 'x', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } }) + '\n',
      'src/index.ts': [
        "import express from 'express';",
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
        'function wrap(server: McpServer): McpServer {',
        '  return server;',
        '}',
        'async function registerLater(server: McpServer) {',
        "  server.registerTool('later', {}, async () => ({ content: [] }));",
        '}',
        'const app = express();',
        'app.use(express.json());',
        "app.post('/mcp', async (req, res) => {",
        "  let server = new McpServer({ name: 'x', version: '1.0.0' });",
        '  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });',
        ...body.map((line) => `  ${line}`),
        '  await transport.handleRequest(req, res, req.body);',
        '});',
        'app.listen(3000);',
        '',
      ].join('\n'),
    });
    const report = JSON.parse(run(['--dry-run', '--report', 'json', dir]).stdout) as Report;
    const serving = (report.findings ?? []).filter((f) => f.reason === 'serving-2025-only');
    expect(serving).toHaveLength(1);
    expect(serving[0]!.message).toContain(why);
  });
});
