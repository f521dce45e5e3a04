import { ProtocolError, ProtocolErrorCode, Server, type ServerContext } from '@modelcontextprotocol/server';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

/** A tool of this server: its listing and the code that runs it. */
interface Tool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, { type: string; minLength?: number }>; required?: string[] };
  run(args: Record<string, unknown>, ctx: ServerContext): Promise<{ content: Array<{ type: 'text'; text: string }>; isError?: boolean }>;
}

const deployments = new Map<string, string>([['api', 'v41']]);

const TOOLS: Tool[] = [
  {
    name: 'rollback',
    description: 'Roll a service back to its previous version',
    inputSchema: { type: 'object', properties: { service: { type: 'string' } }, required: ['service'] },
    async run(args, ctx) {
      const service = String(args.service);
      const current = deployments.get(service);
      if (!current) return { content: [{ type: 'text', text: `Unknown service ${service}.` }], isError: true };
      const answer = await ask.elicitInput({
        message: `Roll ${service} back from ${current}?`,
        requestedSchema: { type: 'object', properties: { reason: { type: 'string', minLength: 3 } }, required: ['reason'] },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${service} stays on ${current}.` }] };
      const previous = `v${Number(current.slice(1)) - 1}`;
      deployments.set(service, previous);
      return { content: [{ type: 'text', text: `${service}: ${current} -> ${previous} (${String(answer.content?.reason)})` }] };
    },
  },
  {
    name: 'status',
    description: 'The version each service runs',
    inputSchema: { type: 'object', properties: {} },
    run: async () => ({ content: [{ type: 'text', text: [...deployments].map(([s, v]) => `${s}=${v}`).join(', ') }] }),
  },
];

export function build() {
  const server = new Server({ name: 'deployer', version: '3.1.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });

  server.setRequestHandler('tools/list', async () => ({
    tools: TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }));

  server.setRequestHandler('tools/call', withAsks(server, requestStateCodec, async (request, ctx) => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return tool.run(request.params.arguments ?? {}, ctx);
  }));

  return server;
}
