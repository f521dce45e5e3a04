import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

type Handler = (ctx: ServerContext, args: Record<string, unknown>) => Promise<CallToolResult>;

const archived: string[] = [];

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

async function archiveProject(ctx: ServerContext, args: Record<string, unknown>): Promise<CallToolResult> {
  const project = String(args.project ?? 'default');
  const answer = await ask.elicitInput({
    message: `Archive ${project}? Its members lose access.`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'Archive' } }, required: ['ok'] },
  });
  if (answer.action !== 'accept' || answer.content?.ok !== true) return text(`${project} stays active.`);
  archived.push(project);
  return text(`Archived ${project}.`);
}

function createRegistry(): Record<string, Handler> {
  const registry: Record<string, Handler> = {};

  // Read-only tools
  Object.assign(registry, {
    list_archived: async () => text(archived.join(', ') || '(none)'),
  } satisfies Record<string, Handler>);

  // Tools that change something
  if (process.env.READ_ONLY !== '1') {
    Object.assign(registry, {
      archive_project: (ctx, args) => archiveProject(ctx, args),
    } satisfies Record<string, Handler>);
  }
  return registry;
}

const registry = createRegistry();

export function build() {
  const server = new Server({ name: 'projects', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({
    tools: Object.keys(registry).map((name) => ({ name, inputSchema: { type: 'object' as const, properties: {} } })),
  }));
  server.setRequestHandler('tools/call', withAsks(server, requestStateCodec, async (request, ctx) => {
    const handler = registry[request.params.name];
    if (!handler) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${request.params.name}`);
    return handler(ctx, request.params.arguments ?? {});
  }));
  return server;
}
