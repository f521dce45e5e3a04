import { McpServer, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';

type ElicitInputFn = (params: ElicitRequestFormParams) => Promise<ElicitResult>;

// The helper asks through its parameter, but one caller hands it a fake: its calls are not the server's ask alone.
async function echoBack(elicitInput: ElicitInputFn): Promise<string> {
  const result = await elicitInput({
    message: 'What should I echo?',
    requestedSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  });
  return result.action === 'accept' ? String(result.content?.message ?? '') : result.action;
}

const canned: ElicitInputFn = async () => ({ action: 'accept', content: { message: 'canned' } });

export function build(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('elicit_echo', { description: 'Echo what the user types' }, async () => ({
    content: [{ type: 'text', text: await echoBack(server.server.elicitInput.bind(server.server)) }],
  }));
  server.registerTool('demo_echo', { description: 'Echo a canned answer' }, async () => ({
    content: [{ type: 'text', text: await echoBack(canned) }],
  }));
  return server;
}
