// Every comment of the user's survives the v1 step: the official codemod rewrites or removes an import together with
// the comments above it (a license header, a file doc comment, a lint directive), and the step puts them back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../api/index.js';
import { restoreComments } from '../transforms/v1-to-v2/repairs/restoreComments.js';

const V1_SERVER = `#!/usr/bin/env node
/**
 * Copyright (c) Example Ltd. Licensed under the MIT license.
 *
 * The notes server: one tool, on the low-level server.
 */

/* biome-ignore-all lint/suspicious/noExplicitAny: kept */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
// Request schemas of the SDK: the codemod removes this import.
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

// One server for the process.
const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
`;

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The comments of a text, in order, each as its trimmed lines. */
function commentsOf(text: string): string[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)].map((m) => m[0].replace(/\s+/g, ' '));
}

describe('the v1 step keeps the comments of the statements it rewrites', () => {
  it('a header, a directive and the comments above rewritten imports survive a real migration, in order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-comments-'));
    temps.push(dir);
    const file = path.join(dir, 'server.ts');
    fs.writeFileSync(file, V1_SERVER);
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.20.0' } }),
    );
    await migrate({ paths: [dir], v1ToV2: true, typecheck: false });
    const migrated = fs.readFileSync(file, 'utf8');
    expect(migrated).not.toContain('@modelcontextprotocol/sdk');
    expect(migrated.startsWith('#!/usr/bin/env node\n/**\n * Copyright (c) Example Ltd.')).toBe(true);
    // Every comment of the user's text, in its order (the tool's own markers aside).
    const own = commentsOf(migrated).filter((c) => !c.includes('@mcp-codemod'));
    expect(own).toEqual(commentsOf(V1_SERVER));
  });
});

describe('restoreComments', () => {
  it('puts a header back at the top, after a shebang, with its blank line', () => {
    const user = '#!/usr/bin/env node\n// License: MIT\n\nimport { a } from "old";\nuse(a);\n';
    const output = '#!/usr/bin/env node\nimport { a } from "new";\nuse(a);\n';
    expect(restoreComments('x.ts', user, output).text).toBe(
      '#!/usr/bin/env node\n// License: MIT\n\nimport { a } from "new";\nuse(a);\n',
    );
  });

  it('puts the comment of a removed statement after the last piece before it that survived', () => {
    const user = 'import { a } from "a";\n// b is for tasks\nimport { b } from "old";\nuse(a);\n';
    const output = 'import { a } from "a";\nuse(a);\n';
    expect(restoreComments('x.ts', user, output).text).toBe('import { a } from "a";\n// b is for tasks\nuse(a);\n');
  });

  it('leaves an output that holds every comment as it is', () => {
    const user = '// kept\nimport { a } from "old";\n';
    const output = '// kept\nimport { a } from "new";\n';
    expect(restoreComments('x.ts', user, output).text).toBe(output);
  });

  it('keeps CRLF line ends as the user had them', () => {
    const user = '/* MIT */\r\n\r\nimport { a } from "old";\r\n';
    const output = 'import { a } from "new";\r\n';
    expect(restoreComments('x.ts', user, output).text).toBe('/* MIT */\r\n\r\nimport { a } from "new";\r\n');
  });
});
