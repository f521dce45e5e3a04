#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult, ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';

type ElicitInputFn = (params: ElicitRequestFormParams) => Promise<ElicitResult>;

/** The fields of the handler's context the helpers log (nickytonline/mcp-typescript-template's shape). */
type CallInfo = { sessionId?: string; requestId: unknown };

/** Asks what to echo through the method it is handed, and echoes it with the request it answers. */
async function elicitEcho(elicitInput: ElicitInputFn, extra: CallInfo): Promise<CallToolResult> {
  const { requestId } = extra;
  const result = await elicitInput({
    message: 'What would you like to echo?',
    requestedSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  });
  if (result.action !== 'accept') return { content: [{ type: 'text', text: `no echo (${result.action})` }] };
  return { content: [{ type: 'text', text: `${String(result.content?.message)} (request ${typeof requestId})` }] };
}

/** No ask: the request's fields only. */
function whoAmI(extra: { requestId: unknown }): CallToolResult {
  return { content: [{ type: 'text', text: `request ${typeof extra.requestId}` }] };
}

const server = new McpServer({ name: 'echo-desk', version: '1.0.0' });

server.registerTool('elicit_echo', { description: 'Echo what the user types' }, (extra) =>
  elicitEcho(server.server.elicitInput.bind(server.server), extra),
);
server.registerTool('who_am_i', { description: 'The request id type' }, (extra) => whoAmI(extra));

async function main() {
  await server.connect(new StdioServerTransport());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
