import { McpServer } from '@modelcontextprotocol/server';

/** Ask before wiping a cache; the entry point hands it to the jobs runner through a table of dependencies. */
export async function confirmWipe(server: McpServer, cache: string): Promise<boolean> {
  /* @mcp-mrtr-review unresolved-caller: the function holding this request is passed around as a value the audit cannot follow to a handler */
  const answer = await server.server.elicitInput({
    message: `Wipe the ${cache} cache?`,
    requestedSchema: { type: 'object', properties: { wipe: { type: 'boolean' } }, required: ['wipe'] },
  });
  return answer.action === 'accept' && answer.content?.wipe === true;
}

/** What index.ts wires together: the jobs runner reads its functions out of this table. */
export const dependencies = { confirmWipe };
