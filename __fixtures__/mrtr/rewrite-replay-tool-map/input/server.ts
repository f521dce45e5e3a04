import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult } from '@modelcontextprotocol/server';

interface CdnTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, { type: string }> };
  handler: (args: Record<string, unknown>) => Promise<CallToolResult>;
}

let server: Server;
const purged: string[] = [];

const TOOLS: CdnTool[] = [
  {
    name: 'purge_cache',
    description: 'Purge the CDN cache under a path',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    handler: async (args: Record<string, unknown>) => {
      const path = String(args.path ?? '/');
      const answer = await server.elicitInput({
        message: `Purge everything under ${path}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'Purge' } }, required: ['ok'] },
      });
      if (answer.action !== 'accept' || answer.content?.ok !== true) return { content: [{ type: 'text', text: 'Nothing purged.' }] };
      purged.push(path);
      return { content: [{ type: 'text', text: `Purged ${path}.` }] };
    },
  },
  {
    name: 'purge_log',
    description: 'What was purged',
    inputSchema: { type: 'object', properties: {} },
    handler: async () => ({ content: [{ type: 'text', text: purged.join(', ') || '(none)' }] }),
  },
];

const TOOL_MAP = new Map(TOOLS.map((t) => [t.name, t]));

export function build() {
  server = new Server({ name: 'cdn', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({
    tools: TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }));
  server.setRequestHandler('tools/call', async (request) => {
    const tool = TOOL_MAP.get(request.params.name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${request.params.name}`);
    return tool.handler(request.params.arguments ?? {});
  });
  return server;
}
