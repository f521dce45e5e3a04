import { Server, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';

type Handler = (args: Record<string, unknown>, ctx: ServerContext) => Promise<CallToolResult>;

async function purgeCache(args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> {
  const prefix = String(args.prefix ?? '/');
  const answer = await ctx.mcpReq.elicitInput({
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

export const server = new Server({ name: 'cdn', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/call', async (request, ctx) => {
  const handler = registry[request.params.name];
  if (!handler) throw new Error(`Unknown tool ${request.params.name}`);
  return handler(request.params.arguments ?? {}, ctx);
});

// Maintenance at startup runs the same table, with no request to ask in.
export async function nightly(ctx: ServerContext): Promise<void> {
  for (const name of (process.env.NIGHTLY ?? '').split(',')) await registry[name]?.({}, ctx);
}
setInterval(() => void nightly({} as ServerContext), 86_400_000).unref();
