// Repro: a tool registered under a `const` name shows the identifier, not the name.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const name = 'get-roots-list';
const config = { inputSchema: z.object({}) };

export const register = (server: McpServer) => {
  server.registerTool(name, config, async (_args, ctx) => {
    const roots = await server.server.listRoots();
    return { content: [{ type: 'text', text: JSON.stringify(roots) + ctx.sessionId }] };
  });
};
// expected handler frame: "tools/call get-roots-list"   actual: "tools/call name"
