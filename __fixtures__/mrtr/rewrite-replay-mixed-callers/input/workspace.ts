import type { McpServer } from '@modelcontextprotocol/server';

/** The client's workspace folders (file URIs). */
export async function workspaceFolders(server: McpServer): Promise<string[]> {
  const { roots } = await server.server.listRoots();
  return roots.map((root) => root.uri);
}

/** Ask which folder to index; nothing calls it since indexing became automatic. */
export async function pickFolder(server: McpServer): Promise<string | undefined> {
  const answer = await server.server.elicitInput({
    message: 'Which folder should be indexed?',
    requestedSchema: { type: 'object', properties: { folder: { type: 'string' } }, required: ['folder'] },
  });
  return answer.action === 'accept' ? String(answer.content?.folder) : undefined;
}
