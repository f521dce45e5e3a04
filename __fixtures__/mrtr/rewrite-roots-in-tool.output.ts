import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';

export function build() {
  const server = new McpServer({ name: 'workspace', version: '2.0.0' });

  // No inputSchema: the callback declares no parameters at all.
  server.registerTool('list_workspaces', { description: 'List the folders the client shares' }, async (ctx) => {
    const listWorkspacesRootsResponse = inputResponse(ctx.mcpReq.inputResponses, 'list_workspaces_roots');
    if (listWorkspacesRootsResponse.kind !== 'roots') {
      return inputRequired({ inputRequests: { list_workspaces_roots: inputRequired.listRoots() } });
    }
    const { roots } = listWorkspacesRootsResponse;
    if (roots.length === 0) {
      return { content: [{ type: 'text', text: 'No folders are shared.' }] };
    }
    const lines = roots.map((root) => `${root.name ?? 'unnamed'}: ${root.uri}`);
    return { content: [{ type: 'text', text: lines.join('\n') }] };
  });

  return server;
}
