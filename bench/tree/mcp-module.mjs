// The MCP modules of the bench tree (v1 SDK), shaped like examples/v1-notes-server: asks in helpers
// called from several tools and a prompt, one direct extra.sendRequest, roots in oninitialized.
import { pascal, relImport } from './shared.mjs';

export function mcpModule(rnd, pkg, dir, ordinaryDep, index) {
  const P = pascal(pkg);
  const withRoots = index % 2 === 0;
  const classHelper = index % 3 === 1;
  const files = [];
  const sites = [];
  const f = (rel) => `${dir}/${rel}`;
  const depImport = (fromRel) =>
    `import { normalize${pascal(ordinaryDep.base)}, ${pascal(ordinaryDep.base)}Service } from '${relImport(f(fromRel), ordinaryDep.path)}';`;

  files.push({ path: f('helpers/confirm.ts'), text: confirmHelper(P, classHelper) });
  sites.push({ file: f('helpers/confirm.ts'), kind: 'elicitation' });

  files.push({ path: f('helpers/summarize.ts'), text: summarizeHelper(rnd) });
  sites.push({ file: f('helpers/summarize.ts'), kind: 'sampling' });

  const D = pascal(ordinaryDep.base);
  files.push({ path: f('tools/records.ts'), text: recordTools(pkg, P, D, depImport('tools/records.ts')) });
  sites.push({ file: f('tools/records.ts'), kind: 'elicitation' });

  files.push({ path: f('tools/admin.ts'), text: adminTools(pkg, P, D, depImport('tools/admin.ts')) });

  const serviceImport = `import { ${pascal(ordinaryDep.base)}Service } from '${relImport(f('server.ts'), ordinaryDep.path)}';`;
  files.push({ path: f('server.ts'), text: serverFactory(rnd, pkg, P, D, serviceImport, withRoots) });
  if (withRoots) sites.push({ file: f('server.ts'), kind: 'roots' });
  return { files, sites };
}

// helpers/confirm.ts: one elicitation site (function helper, or a class member using this.server)
function confirmHelper(P, classHelper) {
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
  return confirm.join('\n');
}

// helpers/summarize.ts: one sampling site raced against a timeout
function summarizeHelper(rnd) {
  return [
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
  ].join('\n');
}

// tools/records.ts: helper-based asks, plus one direct extra.sendRequest
function recordTools(pkg, P, D, depImport) {
  const records = [
    "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { ElicitResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
    "import { z } from 'zod';",
    depImport,
    "import { confirmAction } from '../helpers/confirm.js';",
    "import { summarize } from '../helpers/summarize.js';",
    '',
    "const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });",
    '',
    `export function register${P}RecordTools(server: McpServer, service: ${D}Service): void {`,
    `  server.registerTool('${pkg}_delete', { description: 'Delete a record', inputSchema: { id: z.string() } }, async ({ id }) => {`,
    '    const item = service.find(id);',
    '    if (!item) return { ...text(`No record ${id}`), isError: true };',
    "    if (!(await confirmAction(server, `Delete ${item.name}?`))) return text('Cancelled.');",
    '    return text(`Deleted ${item.name}.`);',
    '  });',
    '',
    `  server.registerTool('${pkg}_summary', { description: 'Summarize a record', inputSchema: { id: z.string() } }, async ({ id }) => {`,
    '    const item = service.find(id);',
    '    if (!item) return { ...text(`No record ${id}`), isError: true };',
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
  return records.join('\n');
}

// tools/admin.ts: more helper callers, a prompt (prompts/get) and the deprecated server.tool form
function adminTools(pkg, P, D, depImport) {
  return [
    "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    depImport,
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
  ].join('\n');
}

// server.ts: factory; roots fetched in oninitialized for half of the modules
function serverFactory(rnd, pkg, P, D, serviceImport, withRoots) {
  const server = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    ...(withRoots ? ["import type { Root } from '@modelcontextprotocol/sdk/types.js';"] : []),
    serviceImport,
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
  }
  server.push('  return server;', '}', '');
  return server.join('\n');
}
