import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'secrets', version: '2.0.0' });

server.registerResource(
  'api-token',
  'secrets://api-token',
  { description: 'The API token, after confirmation' },
  async (uri) => {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet */
    const answer = await server.server.elicitInput({
      message: 'Reveal the API token?',
      requestedSchema: { type: 'object', properties: { reveal: { type: 'boolean' } } },
    });
    const text = answer.action === 'accept' ? (process.env.API_TOKEN ?? '') : '(hidden)';
    return { contents: [{ uri: uri.href, text }] };
  },
);

export default server;
