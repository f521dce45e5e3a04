import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// One server per session, as Streamable HTTP servers keep them: a known session reuses its server, a new one builds it.
const sessions = new Map<string, McpServer>();
let opened = 0;

function registerTools(server: McpServer): void {
  server.registerTool('rename', { inputSchema: z.object({ from: z.string() }) }, async ({ from }, ctx) => {
    const named = await ctx.mcpReq.elicitInput({
      message: `New name for ${from}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    if (named.action !== 'accept' || !named.content) return { content: [{ type: 'text', text: 'Kept.' }] };
    const to = String(named.content.name);
    const sure = await ctx.mcpReq.elicitInput({
      message: `Rename ${from} to ${to}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (sure.action !== 'accept' || sure.content?.ok !== true) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Renamed ${from} to ${to}.` }] };
  });
}

export function serverFor(session: string): McpServer {
  let server: McpServer;
  const known = sessions.get(session);
  if (known) {
    server = known;
  } else {
    // A new session: its own server, with the tools registered on it.
    server = new McpServer({ name: 'files', version: '2.0.0' });
    registerTools(server);
    sessions.set(session, server);
  }
  return server;
}

export function build(): McpServer {
  return serverFor(`session-${++opened}`);
}
