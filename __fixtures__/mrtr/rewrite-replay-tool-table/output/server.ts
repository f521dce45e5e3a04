import { ProtocolError, ProtocolErrorCode, Server, type ServerContext, createRequestStateCodec } from '@modelcontextprotocol/server';
import { ask, withAsks } from './mcp-mrtr-runtime.js';

// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is signed
// with MCP_REQUEST_STATE_SECRET (at least 32 bytes, the same on every server instance), expires, and is bound to the
// request method and the authenticated client.
const requestStateSecret = process.env.MCP_REQUEST_STATE_SECRET ?? '';
if (new TextEncoder().encode(requestStateSecret).length < 32) {
  throw new Error('MCP_REQUEST_STATE_SECRET must be set to a secret of at least 32 bytes, the same on every server instance: it signs the requestState of multi-round requests');
}
// A secret anyone could guess is refused too: a word repeated, or little variety (repeated characters).
if (entropyBits(requestStateSecret) < 80 || /^(.+)\1+$/s.test(requestStateSecret)) {
  throw new Error('MCP_REQUEST_STATE_SECRET is too easy to guess (repeated characters or a repeated word): set it to random bytes, e.g. the output of `openssl rand -base64 32`');
}
const requestStateCodec = createRequestStateCodec({
  key: requestStateSecret,
  ttlSeconds: 600,
  bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
});

/** Bits of entropy estimated from character frequencies: low for repeated characters and little variety. */
function entropyBits(text: string): number {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / chars.length);
  return bits;
}

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
