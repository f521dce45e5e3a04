import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// Declared without `export`, exported by an export list at the bottom of the module.
async function confirmDeletion(server: McpServer, what: string): Promise<boolean> {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const answer = await server.server.elicitInput({
    message: `Delete ${what}?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return answer.action === 'accept' && answer.content?.confirm === true;
}

export { confirmDeletion as confirm };
