// Plain JavaScript typed with JSDoc; the helper is exported for other packages and has no caller here.

/**
 * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server
 * @param {string} message
 * @returns {Promise<boolean>}
 */
export async function confirm(server, message) {
  /* @mcp-mrtr-review dead-code: push-style request in a function no analysed code calls */
  const answer = await server.server.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}
