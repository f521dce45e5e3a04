// A tool registered under a `const` name: the report shows the name's value.
import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { z } from 'zod';

const name = 'get-roots-list';
const config = { inputSchema: z.object({}) };

export const register = (server: McpServer) => {
  server.registerTool(name, config, async (_args, ctx) => {
    const rootsResponse = inputResponse(ctx.mcpReq.inputResponses, 'get_roots_list_roots');
    if (rootsResponse.kind !== 'roots') {
      return inputRequired({ inputRequests: { get_roots_list_roots: inputRequired.listRoots() } });
    }
    const roots = { roots: rootsResponse.roots };
    return { content: [{ type: 'text', text: JSON.stringify(roots) + ctx.sessionId }] };
  });
};

export function build(): McpServer {
  const server = new McpServer({ name: 'roots', version: '1.0.0' });
  register(server);
  return server;
}
