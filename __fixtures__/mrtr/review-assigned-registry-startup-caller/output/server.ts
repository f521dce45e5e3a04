import { Server, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

type Handler = (args: Record<string, unknown>, ctx: ServerContext) => Promise<CallToolResult>;

async function purgeCache(args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> {
  const prefix = String(args.prefix ?? '/');
  const answer = await ask.elicitInput({
    message: `Purge everything under ${prefix}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return { content: [{ type: 'text', text: answer.action === 'accept' ? `Purged ${prefix}.` : 'Nothing purged.' }] };
}

function createRegistry(): Record<string, Handler> {
  const registry: Record<string, Handler> = {};
  Object.assign(registry, { purge_cache: (args, ctx) => purgeCache(args, ctx) } satisfies Record<string, Handler>);
  return registry;
}

const registry = createRegistry();

export const server = new Server({ name: 'cdn', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });
server.setRequestHandler('tools/call', withAsks(server, requestStateCodec, async (request, ctx) => {
  const handler = registry[request.params.name];
  if (!handler) throw new Error(`Unknown tool ${request.params.name}`);
  return handler(request.params.arguments ?? {}, ctx);
}));

// Maintenance at startup runs the same table, with no request to ask in.
export async function nightly(ctx: ServerContext): Promise<void> {
  for (const name of (process.env.NIGHTLY ?? '').split(',')) await registry[name]?.({}, ctx);
}
/* @mcp-mrtr-review caller-outside-request: this call reaches a helper whose ask was migrated with the replay strategy, from code that cannot answer input_required: a 2025-era session is still asked through the one connected server of the process, as before; a 2026-era session cannot be asked here, and the ask throws ("reached outside a handler wrapped with withAsks") */
setInterval(() => void nightly({} as ServerContext), 86_400_000).unref();
