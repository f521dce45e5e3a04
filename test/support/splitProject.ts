/**
 * A v1 project for the split of the official codemod's run (test/v1-to-v2-split.test.ts): `modules` tool modules of
 * five shapes, a client module and a types-only module (without a client or server package in package.json the codemod
 * infers the project type from the whole folder, and the types-only module's imports and diagnostics depend on it),
 * package.json on the v1 SDK with zod 4.1 (the codemod's manifest warning), and shapes that leave codemod warnings,
 * infos and `@mcp-codemod-error` markers. Each module also holds a table of about `padding` bytes, so that the v1
 * files' size can pass the split's threshold without more sites to analyse.
 */
export function splitProject(modules: number, padding = 0): Record<string, string> {
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify(
      {
        name: 'split-demo',
        version: '1.0.0',
        private: true,
        type: 'module',
        dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', zod: '~4.1.12' },
      },
      null,
      2,
    )}\n`,
    'src/client/probe.ts': CLIENT,
    'src/shared/types.ts': SHARED,
  };
  const names: string[] = [];
  for (let m = 0; m < modules; m++) {
    const name = `module${m}`;
    names.push(name);
    const body = SHAPES[m % SHAPES.length]!(name);
    const table = tableOf(name, padding);
    files[`src/tools/${folderOf(m)}${name}.ts`] =
      `${HEADERS[m % HEADERS.length]!.replace("'../shared/", folderOf(m) === '' ? "'../shared/" : "'../../shared/")}${table}\nexport function ${name}(server: McpServer): void {\n${body}}\n`;
  }
  files['src/server.ts'] = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    ...names.map((name, m) => `import { ${name} } from './tools/${folderOf(m)}${name}.js';`),
    '',
    'export function build(): McpServer {',
    "  const server = new McpServer({ name: 'split-demo', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {}, resources: {} } });",
    ...names.map((name) => `  ${name}(server);`),
    '  return server;',
    '}',
    '',
  ].join('\n');
  files['src/index.ts'] = [
    '#!/usr/bin/env node',
    "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
    "import { build } from './server.js';",
    '',
    'await build().connect(new StdioServerTransport());',
    '',
  ].join('\n');
  return files;
}

/** Some modules in folders whose names are glob patterns (as framework routes are): the split ignores them by name. */
function folderOf(m: number): string {
  return ['', '(grouped)/', '[id]/'][m % 3]!;
}

/** A constant table of about `bytes` bytes (none for 0). */
function tableOf(name: string, bytes: number): string {
  const rows: string[] = [];
  for (let size = 0, i = 0; size < bytes; i++) {
    const row = `  'row ${i} of ${name}: a line of reference text, as long as the lines of real data tables are',`;
    rows.push(row);
    size += row.length + 1;
  }
  return rows.length === 0 ? '' : `\nexport const ${name}Table = [\n${rows.join('\n')}\n];\n`;
}

const CLIENT = `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export async function probe(command: string): Promise<string[]> {
  const client = new Client({ name: 'probe', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command }));
  const { tools } = await client.listTools();
  await client.close();
  return tools.map((tool) => tool.name);
}
`;

const SHARED = `import type { CallToolResult, GetPromptResult } from '@modelcontextprotocol/sdk/types.js';

export const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
export const say = (value: string): GetPromptResult => ({ messages: [{ role: 'user', content: { type: 'text', text: value } }] });
`;

const HEADERS = [
  // Elicitation in the handler, a v1 error code.
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { text } from '../shared/types.js';
`,
  // A prompt and a resource.
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { say } from '../shared/types.js';
`,
  // Sampling through the handler's sendRequest, typed with RequestHandlerExtra.
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CreateMessageResultSchema, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { text } from '../shared/types.js';
`,
  // A schema's raw shape (a marker), roots.
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { text } from '../shared/types.js';
`,
  // A description written as a concatenation (protected around the codemod's run), the legacy tool form.
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { text } from '../shared/types.js';
`,
];

const SHAPES: Array<(id: string) => string> = [
  (
    id,
  ) => `  server.registerTool('delete_${id}', { description: 'Delete ${id} after confirmation', inputSchema: { key: z.string() } }, async ({ key }) => {
    if (key === '') throw new McpError(ErrorCode.InvalidParams, 'key is empty');
    const answer = await server.server.elicitInput({
      message: \`Delete \${key} from ${id}?\`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || !answer.content?.confirm) return text('Kept.');
    return text(\`Deleted \${key}.\`);
  });
`,
  (
    id,
  ) => `  server.registerPrompt('brief_${id}', { description: 'A brief for ${id}', argsSchema: { topic: z.string() } }, ({ topic }) => say(\`Write a brief about \${topic} for ${id}.\`));
  server.registerResource('notes_${id}', 'notes://${id}', { description: 'Notes of ${id}', mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: 'Notes of ${id}' }],
  }));
`,
  (
    id,
  ) => `  server.registerTool('summarize_${id}', { description: 'Summarize ${id}', inputSchema: { body: z.string() } }, async ({ body }, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => {
    const result = await extra.sendRequest(
      { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: body } }], maxTokens: 200 } },
      CreateMessageResultSchema,
    );
    return text(result.content.type === 'text' ? result.content.text : body);
  });
`,
  (id) => `  const ${id}Schema = z.object({ path: z.string(), depth: z.number().optional() });
  server.registerTool('scan_${id}', { description: 'Scan a root of ${id}', inputSchema: ${id}Schema.shape }, async ({ path }) => {
    const { roots } = await server.server.listRoots();
    return text(roots.some((root) => path.startsWith(root.uri)) ? \`Scanned \${path}.\` : 'Outside the roots.');
  });
`,
  (
    id,
  ) => `  server.tool('echo_${id}', 'Echo a value for ${id}. ' + 'Returns it unchanged.', { value: z.string() }, async ({ value }) => text(value));
`,
];
