import { McpServer } from '@modelcontextprotocol/server';

export function build() {
  const server = new McpServer({ name: 'secrets', version: '2.0.0' });

  server.registerResource(
    'api-token',
    'secrets://api-token',
    { description: 'The API token, after confirmation' },
    async (uri) => {
      const answer = await server.server.elicitInput({
        message: 'Reveal the API token?',
        requestedSchema: { type: 'object', properties: { reveal: { type: 'boolean' } } },
      });
      const text = answer.action === 'accept' ? (process.env.API_TOKEN ?? '') : '(hidden)';
      return { contents: [{ uri: uri.href, text }] };
    },
  );

  return server;
}
