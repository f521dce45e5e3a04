#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult, ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/server';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

type ElicitInputFn = (params: ElicitRequestFormParams) => Promise<ElicitResult>;

/** The fields of the handler's context the helpers log (nickytonline/mcp-typescript-template's shape). */
type CallInfo = { sessionId?: string; requestId: unknown };

/** Asks what to echo through the method it is handed, and echoes it with the request it answers. */
async function elicitEcho(elicitInput: ElicitInputFn, extra: CallInfo): Promise<CallToolResult> {
  const { requestId } = extra;
  const result = await ask.elicitInput({
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

function build(): McpServer {
  const server = new McpServer({ name: 'echo-desk', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  server.registerTool('elicit_echo', { description: 'Echo what the user types' }, withAsks(server.server, requestStateCodec, (extra) =>
    elicitEcho(server.server.elicitInput.bind(server.server), { sessionId: extra.sessionId, requestId: extra.mcpReq.id }), { name: 'elicit_echo' }),
  );
  server.registerTool('who_am_i', { description: 'The request id type' }, (extra) => whoAmI({ requestId: extra.mcpReq.id }));
  return server;
}

async function main() {
  serveStdio(() => build());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
