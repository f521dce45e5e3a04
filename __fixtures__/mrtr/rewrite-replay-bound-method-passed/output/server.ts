import { McpServer, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

type ElicitInputFn = (params: ElicitRequestFormParams) => Promise<ElicitResult>;

// The bound method is handed to a helper (so that tests can inject a fake), which asks through its parameter.
async function echoBack(elicitInput: ElicitInputFn, prefix: string): Promise<string> {
  const result = await ask.elicitInput({
    message: 'What should I echo?',
    requestedSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  });
  return result.action === 'accept' ? `${prefix}${String(result.content?.message ?? '')}` : result.action;
}

export function build(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  server.registerTool('elicit_echo', { description: 'Echo what the user types' }, withAsks(server.server, requestStateCodec, async () => ({
    content: [{ type: 'text', text: await echoBack(server.server.elicitInput.bind(server.server), '> ') }],
  }), { name: 'elicit_echo' }));
  server.registerTool('shout', { description: 'Echo it loudly' }, withAsks(server.server, requestStateCodec, async () => ({
    content: [{ type: 'text', text: (await echoBack(server.server.elicitInput.bind(server.server), '! ')).toUpperCase() }],
  }), { name: 'shout' }));
  return server;
}
