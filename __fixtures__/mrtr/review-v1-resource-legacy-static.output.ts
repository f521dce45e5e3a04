import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'secrets', version: '1.0.0' });

// Old-style resource(name, uri, cb): the context is the second parameter.
server.resource('api-token', 'secrets://api-token', async (uri, extra) => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const answer = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: {
        message: 'Reveal the API token?',
        requestedSchema: { type: 'object', properties: { reveal: { type: 'boolean' } } },
      },
    },
    ElicitResultSchema,
  );
  const text = answer.action === 'accept' ? process.env.API_TOKEN ?? '' : '(hidden)';
  return { contents: [{ uri: uri.href, text }] };
});

export default server;
