import type { McpServer } from '@modelcontextprotocol/server';
import { ask } from './mcp-mrtr-runtime.js';

/** The client's workspace folders (file URIs). */
export async function workspaceFolders(server: McpServer): Promise<string[]> {
  const { roots } = await ask.listRoots();
  return roots.map((root) => root.uri);
}

/** Ask which folder to index; nothing calls it since indexing became automatic. */
export async function pickFolder(server: McpServer): Promise<string | undefined> {
  /* @mcp-mrtr-review dead-code: push-style request in a function no analysed code calls */
  const answer = await server.server.elicitInput({
    message: 'Which folder should be indexed?',
    requestedSchema: { type: 'object', properties: { folder: { type: 'string' } }, required: ['folder'] },
  });
  return answer.action === 'accept' ? String(answer.content?.folder) : undefined;
}
