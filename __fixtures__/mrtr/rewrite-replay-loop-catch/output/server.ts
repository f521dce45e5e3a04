import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, isInputRequiredSignal, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'cleanup', version: '1.2.0' }, { requestState: { verify: requestStateCodec.verify } });

  // Ask about each file; a client that cannot ask keeps everything.
  async function chooseFiles(files: string[]): Promise<string[]> {
    const chosen: string[] = [];
    for (const file of files) {
      const answer = await ask.elicitInput({ message: `Delete ${file}?`, requestedSchema: { type: 'object', properties: {} } })
        .catch((error) => { if (isInputRequiredSignal(error)) throw error; return ({ action: 'cancel' as const }); });
      if (answer.action === 'accept') chosen.push(file);
    }
    return chosen;
  }

  // The client's roots, or none when it cannot list them.
  function workspaceRoots(): Promise<string[]> {
    return ask.listRoots().then(
      (result) => result.roots.map((root) => root.uri),
      (error: unknown) => {
        if (isInputRequiredSignal(error)) throw error;
        console.error('roots unavailable:', error instanceof Error ? error.message : error);
        return [];
      },
    );
  }

  server.registerTool(
    'cleanup',
    { description: 'Delete files one by one', inputSchema: z.object({ files: z.array(z.string()) }) },
    withAsks(server.server, requestStateCodec, async ({ files }) => {
      const deleted = await chooseFiles(files);
      return { content: [{ type: 'text', text: `Deleted: ${deleted.join(', ') || 'nothing'}` }] };
    }, { name: 'cleanup' }),
  );

  server.registerTool('list_workspaces', { description: 'The workspaces the client exposes' }, withAsks(server.server, requestStateCodec, async () => {
    const roots = await workspaceRoots();
    return { content: [{ type: 'text', text: roots.length ? roots.join('\n') : 'No workspaces.' }] };
  }, { name: 'list_workspaces' }));

  return server;
}
