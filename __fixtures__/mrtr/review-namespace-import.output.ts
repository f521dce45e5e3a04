import * as sdk from '@modelcontextprotocol/sdk/server/mcp.js';
import * as types from '@modelcontextprotocol/sdk/types.js';

const server = new sdk.McpServer({ name: 'ns', version: '1.0.0' });

server.registerTool('confirm', { description: 'Ask for confirmation' }, async (extra) => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const answer = await extra.sendRequest(
    { method: 'elicitation/create', params: { message: 'Continue?', requestedSchema: { type: 'object', properties: {} } } },
    types.ElicitResultSchema,
  );
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const reply = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `The user said ${answer.action}` } }],
    maxTokens: 50,
  });
  return { content: [{ type: 'text', text: reply.model }] };
});

export default server;
