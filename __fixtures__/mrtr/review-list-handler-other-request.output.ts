import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'dynamic-tools', version: '1.0.0' }, { capabilities: { tools: {} } });

// One tool per client root: the list handler asks the client for its roots.
server.setRequestHandler(ListToolsRequestSchema, async () => {
  /* @mcp-mrtr-review other-request: push-style request while handling a request that cannot answer input_required */
  const { roots } = await server.listRoots();
  return {
    tools: roots.map((root, i) => ({
      name: `search_root_${i}`,
      description: `Search ${root.uri}`,
      inputSchema: { type: 'object' as const, properties: { query: { type: 'string' } } },
    })),
  };
});

export default server;
