import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'cleanup', version: '1.2.0' });

  // Ask about each file; a client that cannot ask keeps everything.
  async function chooseFiles(files: string[]): Promise<string[]> {
    const chosen: string[] = [];
    for (const file of files) {
      const answer = await server.server
        .elicitInput({ message: `Delete ${file}?`, requestedSchema: { type: 'object', properties: {} } })
        .catch(() => ({ action: 'cancel' as const }));
      if (answer.action === 'accept') chosen.push(file);
    }
    return chosen;
  }

  // The client's roots, or none when it cannot list them.
  function workspaceRoots(): Promise<string[]> {
    return server.server.listRoots().then(
      (result) => result.roots.map((root) => root.uri),
      (error: unknown) => {
        console.error('roots unavailable:', error instanceof Error ? error.message : error);
        return [];
      },
    );
  }

  server.registerTool(
    'cleanup',
    { description: 'Delete files one by one', inputSchema: z.object({ files: z.array(z.string()) }) },
    async ({ files }) => {
      const deleted = await chooseFiles(files);
      return { content: [{ type: 'text', text: `Deleted: ${deleted.join(', ') || 'nothing'}` }] };
    },
  );

  server.registerTool('list_workspaces', { description: 'The workspaces the client exposes' }, async () => {
    const roots = await workspaceRoots();
    return { content: [{ type: 'text', text: roots.length ? roots.join('\n') : 'No workspaces.' }] };
  });

  return server;
}
