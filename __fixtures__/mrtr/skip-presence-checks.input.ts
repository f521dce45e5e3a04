import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// Capability probes, as FastMCP and servalsheets write them: the method is read to see whether it is there, and no
// request is made. None of them is a site.
export function build() {
  const server = new McpServer({ name: 'probes', version: '2.0.0' });

  function describeClient(ctx: ServerContext): string {
    const canListRoots = typeof server.server.listRoots === 'function';
    const canSample = server.server.createMessage ? 'yes' : 'no';
    if (!ctx.mcpReq.elicitInput || !(server.server.elicitInput && canListRoots)) return 'plain client';
    return `sampling: ${canSample}`;
  }

  server.registerTool('describe_client', { description: 'What the server could ask', inputSchema: z.object({}) }, async (_args, ctx) => ({
    content: [{ type: 'text', text: describeClient(ctx) }],
  }));

  return server;
}
