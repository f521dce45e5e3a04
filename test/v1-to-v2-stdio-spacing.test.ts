import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { auditWithTexts } from '../api/index.js';
import { removeTemps, tempTree } from './support/v1-to-v2.js';

afterEach(removeTemps);

const V1_IMPORTS = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
];
const V2_IMPORTS = [
  "import { serveStdio } from '@modelcontextprotocol/server/stdio';",
  "import { McpServer } from '@modelcontextprotocol/server';",
];
const V1_PACKAGE = JSON.stringify({
  name: 'x',
  type: 'module',
  dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' },
});

/** The serving findings of a one-file v1 tree, and the file's planned text. */
async function auditEntry(lines: string[], newline = '\n') {
  const dir = tempTree({ 'package.json': V1_PACKAGE, 'src/index.ts': lines.join(newline) });
  const { report, texts } = await auditWithTexts({ paths: [dir], v1ToV2: true });
  const serving = (report.findings ?? []).filter((f) => /serv/.test(f.reason));
  const errors = report.files.filter((f) => f.status === 'error');
  return { serving, errors, after: texts.get(path.join(dir, 'src', 'index.ts'))?.after ?? '' };
}

// The statements that move into the factory leave the blank lines around them: a removal at a block's start takes the
// blank line below it, one above a blank line or the block's end the blank line above it. Two removals separated by
// one blank line both took it (overlapping edits, and the run stopped); they are one removal now.
describe('v1 stdio entries with blank lines around what moves', () => {
  it('a construction, a blank line, registrations and the connect in main(): one factory, blank lines kept inside it (CRLF too)', async () => {
    const input = [
      ...V1_IMPORTS,
      '',
      'async function main() {',
      "  const server = new McpServer({ name: 'x', version: '1.0.0' });",
      '',
      "  server.registerTool('a', {}, async () => ({ content: [] }));",
      '',
      '  // the second tool',
      "  server.registerTool('b', {}, async () => ({ content: [] }));",
      '',
      '  await server.connect(new StdioServerTransport());',
      '}',
      '',
      'main();',
      '',
    ];
    const output = [
      ...V2_IMPORTS,
      '',
      'async function main() {',
      '  serveStdio(() => {',
      "    const server = new McpServer({ name: 'x', version: '1.0.0' });",
      '',
      "    server.registerTool('a', {}, async () => ({ content: [] }));",
      '',
      '    // the second tool',
      "    server.registerTool('b', {}, async () => ({ content: [] }));",
      '    return server;',
      '  });',
      '}',
      '',
      'main();',
      '',
    ];
    for (const newline of ['\n', '\r\n']) {
      const { serving, errors, after } = await auditEntry(input, newline);
      expect(errors).toEqual([]);
      expect(serving.map((f) => `${f.line} ${f.reason}`)).toEqual(['12 served-by-serve-stdio']);
      expect(after).toBe(output.join(newline));
    }
  });

  it('a class constructor: the construction, a blank line and a registration move into buildServer()', async () => {
    const { serving, errors, after } = await auditEntry([
      ...V1_IMPORTS,
      'class App {',
      '  server: McpServer;',
      '  constructor() {',
      "    this.server = new McpServer({ name: 'x', version: '1.0.0' });",
      '',
      "    this.server.registerTool('a', {}, async () => ({ content: [] }));",
      '  }',
      '  async run() {',
      '    await this.server.connect(new StdioServerTransport());',
      '  }',
      '}',
      'await new App().run();',
      '',
    ]);
    expect(errors).toEqual([]);
    expect(serving.map((f) => f.reason)).toEqual(['served-by-serve-stdio']);
    expect(after).toContain('  constructor() {\n    this.server = this.buildServer();\n  }');
  });

  it('one module-level server connected twice: both connects stay for review, the registrations in place', async () => {
    const { serving, errors, after } = await auditEntry([
      ...V1_IMPORTS,
      "const server = new McpServer({ name: 'x', version: '1.0.0' });",
      '',
      "server.registerTool('a', {}, async () => ({ content: [] }));",
      '',
      'await server.connect(new StdioServerTransport());',
      'await server.connect(new StdioServerTransport());',
      '',
    ]);
    expect(errors).toEqual([]);
    expect(serving.map((f) => `${f.line} ${f.reason}`)).toEqual(['9 serving-2025-only', '11 serving-2025-only']);
    expect(serving[0]!.message).toMatch(/also read by `await server\.connect\(new StdioServerTran` \(line \d+\)/);
    expect(after).toContain("\nserver.registerTool('a', {}, async () => ({ content: [] }));\n");
  });

  it('a server built in main() and connected twice: review, naming the other connect', async () => {
    const { serving, errors } = await auditEntry([
      ...V1_IMPORTS,
      'async function main() {',
      "  const server = new McpServer({ name: 'x', version: '1.0.0' });",
      '  // first',
      '  await server.connect(new StdioServerTransport());',
      '  await server.connect(new StdioServerTransport());',
      '}',
      'await main();',
      '',
    ]);
    expect(errors).toEqual([]);
    expect(serving.map((f) => f.reason)).toEqual(['serving-2025-only', 'serving-2025-only']);
    expect(serving[1]!.message).toContain('connects server too');
  });
});
