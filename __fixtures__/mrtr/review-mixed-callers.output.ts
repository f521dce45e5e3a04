import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'workspace', version: '1.0.0' });
let cached: string[] = [];

async function refreshRoots(): Promise<string[]> {
  /* @mcp-mrtr-review mixed-callers: reached both from MRTR-capable handlers and from contexts that cannot answer input_required */
  const { roots } = await server.server.listRoots();
  cached = roots.map((root) => root.uri);
  return cached;
}

server.registerTool('roots', { description: 'List the workspace roots' }, async () => ({
  content: [{ type: 'text', text: (await refreshRoots()).join('\n') }],
}));

setInterval(() => void refreshRoots(), 5 * 60_000);

export default server;
