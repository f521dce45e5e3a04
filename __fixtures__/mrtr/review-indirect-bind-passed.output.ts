import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';

type ElicitInputFn = (params: ElicitRequestFormParams) => Promise<ElicitResult>;

// nickytonline/mcp-typescript-template's shape: the bound method is handed to a helper (tests inject a fake), which
// asks through its parameter. The ask is reported where the helper calls it.
async function echoBack(elicitInput: ElicitInputFn): Promise<string> {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const result = await elicitInput({
    message: 'What should I echo?',
    requestedSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  });
  return result.action === 'accept' ? String(result.content?.message ?? '') : result.action;
}

const server = new McpServer({ name: 'echo', version: '1.0.0' });

server.registerTool('elicit_echo', { description: 'Echo what the user types' }, async () => ({
  content: [{ type: 'text', text: await echoBack(server.server.elicitInput.bind(server.server)) }],
}));

export default server;
