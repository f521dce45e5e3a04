import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { auditWithTexts } from '../api/index.js';
import { removeTemps, run, tempTree } from './support/v1-to-v2.js';

afterEach(removeTemps);

// v1 servers served over Streamable HTTP, in shapes around the fixtures' (which run as processes in
// v1-to-v2-http.test.ts, under the same describe title): the migration routes 2026-era requests to
// createMcpHandler(() => build(), { legacy: 'reject' }), or leaves the wiring to review with the reason in its advice.
describe('v1 servers over Streamable HTTP: Express (sessionful, stateless), node:http, Hono', () => {
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
    ...(['POST', 'GET'] as const).map((other) => ({
      // The body read in the POST branch is routed there (fixture http-node-post), but not below session code that
      // may answer a POST: only a block guarded by other methods alone (`req.method === 'GET' || ...`) is passed by.
      name: `node:http reading the body in its POST branch, below a session check on ${other} and more`,
      lines: [
        "import { createServer } from 'node:http';",
        "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
        "import { build } from './server.js';",
        'const transports = new Map<string, StreamableHTTPServerTransport>();',
        'createServer(async (req, res) => {',
        "  const sessionId = req.headers['mcp-session-id'] as string | undefined;",
        `  if (req.method === '${other}' && sessionId && !transports.has(sessionId)) {`,
        "    res.writeHead(404).end('Session not found');",
        '    return;',
        '  }',
        "  if (req.method === 'POST') {",
        '    let body = "";',
        '    for await (const chunk of req) body += chunk;',
        '    const parsed: unknown = JSON.parse(body);',
        '    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });',
        '    await build().connect(transport);',
        '    await transport.handleRequest(req, res, parsed);',
        '  }',
        '}).listen(3000);',
      ],
      expect: /every handleRequest must get the request body/,
    })),
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
      /\*\/\napp\.post\('\/mcp', requireBearerAuth\(\{ verifier \}\), async \(req, res\) => \{\n {2}\/\/ MCP 2026-07-28 requests go to createMcpHandler/,
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
});
