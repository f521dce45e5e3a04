// The v1 step's import lines in the file's own quote (the official codemod writes double quotes in
// single-quote files). The user's own declarations keep theirs.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditWithTexts } from '../api/index.js';
import { removeTemps, tempTree } from './support/v1-to-v2.js';
import { inOwnLineEnds, inOwnQuotes, ownQuote } from '../transforms/kit/importQuotes.js';

const USER = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "import { z } from 'zod';",
  'import legacy from "./legacy.js";',
  "const fs = require('node:fs');",
  '',
].join('\n');

describe('the v1 step writes imports in the file own quote', () => {
  it('knows the quote most specifiers use', () => {
    expect(ownQuote(USER)).toBe("'");
    expect(ownQuote('import a from "a";\nimport b from "b";\n')).toBe('"');
    expect(ownQuote('const x = 1;\n')).toBeUndefined();
  });

  it("requotes what the step wrote, never the user's own declarations", () => {
    const stepOutput = [
      'import { McpServer } from "@modelcontextprotocol/server";',
      "import { z } from 'zod';",
      'import legacy from "./legacy.js";',
      'export { serveStdio } from "@modelcontextprotocol/server/stdio";',
      "const fs = require('node:fs');",
      'const label = "a string, not a specifier";',
      '',
    ].join('\n');
    expect(inOwnQuotes('src/server.ts', USER, stepOutput)).toBe(
      [
        "import { McpServer } from '@modelcontextprotocol/server';",
        "import { z } from 'zod';",
        'import legacy from "./legacy.js";',
        "export { serveStdio } from '@modelcontextprotocol/server/stdio';",
        "const fs = require('node:fs');",
        'const label = "a string, not a specifier";',
        '',
      ].join('\n'),
    );
  });

  it('leaves a file without a majority quote, and a double-quote file, as the step wrote it', () => {
    const written = 'import { McpServer } from "@modelcontextprotocol/server";\n';
    expect(inOwnQuotes('a.ts', 'const x = 1;\n', written)).toBe(written);
    expect(inOwnQuotes('a.ts', 'import a from "a";\n', written)).toBe(written);
  });
});

describe('the v1 step keeps a CRLF file on CRLF', () => {
  it('ends the lines the official codemod wrote as the file does, and leaves LF or mixed files as they come', () => {
    const crlf = "import { a } from 'a';\r\n\r\nconst x = 1;\r\n";
    expect(inOwnLineEnds(crlf, "import { b } from 'b';\nimport { a } from 'a';\r\n\r\nconst x = 1;\r\n")).toBe(
      "import { b } from 'b';\r\nimport { a } from 'a';\r\n\r\nconst x = 1;\r\n",
    );
    expect(inOwnLineEnds('a\nb\n', 'c\na\nb\n')).toBe('c\na\nb\n');
    expect(inOwnLineEnds('a\r\nb\n', 'c\na\r\nb\n')).toBe('c\na\r\nb\n');
  });
});

describe('a CRLF v1 file, migrated', () => {
  it('keeps CRLF on every line, those the official codemod wrote included', async () => {
    try {
      const text = [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
        "const server = new McpServer({ name: 'x', version: '1.0.0' });",
        "server.registerTool('hi', {}, async () => ({ content: [] }));",
        'await server.connect(new StdioServerTransport());',
        '',
      ].join('\r\n');
      const manifest = JSON.stringify({
        name: 'x',
        type: 'module',
        dependencies: { '@modelcontextprotocol/sdk': '^1' },
      });
      const dir = tempTree({ 'package.json': manifest, 'src/index.ts': text });
      const { texts } = await auditWithTexts({ paths: [dir], v1ToV2: true });
      const after = texts.get(path.join(dir, 'src', 'index.ts'))?.after ?? '';
      expect(after).toContain("from '@modelcontextprotocol/server");
      expect(
        after
          .split('\n')
          .slice(0, -1)
          .filter((line) => !line.endsWith('\r')),
      ).toEqual([]);
    } finally {
      removeTemps();
    }
  });
});
