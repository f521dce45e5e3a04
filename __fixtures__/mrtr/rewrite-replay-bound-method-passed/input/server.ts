import { McpServer, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';

type ElicitInputFn = (params: ElicitRequestFormParams) => Promise<ElicitResult>;

// The bound method is handed to a helper (so that tests can inject a fake), which asks through its parameter.
async function echoBack(elicitInput: ElicitInputFn, prefix: string): Promise<string> {
  const result = await elicitInput({
    message: 'What should I echo?',
    requestedSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  });
  return result.action === 'accept' ? `${prefix}${String(result.content?.message ?? '')}` : result.action;
}

export function build(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('elicit_echo', { description: 'Echo what the user types' }, async () => ({
    content: [{ type: 'text', text: await echoBack(server.server.elicitInput.bind(server.server), '> ') }],
  }));
  server.registerTool('shout', { description: 'Echo it loudly' }, async () => ({
    content: [{ type: 'text', text: (await echoBack(server.server.elicitInput.bind(server.server), '! ')).toUpperCase() }],
  }));
  return server;
}
