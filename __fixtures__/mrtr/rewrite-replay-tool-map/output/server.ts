import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult } from '@modelcontextprotocol/server';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

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
      const answer = await ask.elicitInput({
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
  server = new Server({ name: 'cdn', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({
    tools: TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }));
  server.setRequestHandler('tools/call', withAsks(server, requestStateCodec, async (request) => {
    const tool = TOOL_MAP.get(request.params.name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${request.params.name}`);
    return tool.handler(request.params.arguments ?? {});
  }));
  return server;
}
