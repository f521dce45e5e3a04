import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// Declared without `export`, exported by an export list at the bottom of the module.
async function confirmDeletion(server: McpServer, what: string): Promise<boolean> {
  const answer = await server.server.elicitInput({
    message: `Delete ${what}?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return answer.action === 'accept' && answer.content?.confirm === true;
}

export { confirmDeletion as confirm };
