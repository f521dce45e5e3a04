#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import type { CallToolRequest, ServerContext } from '@modelcontextprotocol/server';
import { AVAILABLE_TOOLS, isValidToolName } from './tools/index.js';
import { isInputRequiredSignal, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

async function main() {
  // Listed with their handlers: JSON drops a function, and nothing calls them from here.
  const allTools = Object.values(AVAILABLE_TOOLS);

  serveStdio(() => {
    // The low-level server of an McpServer, taken apart where it is built.
    const { server } = new McpServer({ name: 'ask-desk', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });

    server.setRequestHandler('tools/list', async () => ({ tools: allTools }));

    server.setRequestHandler(
      'tools/call',
      withAsks(server, requestStateCodec, async (request: CallToolRequest, ctx: ServerContext) => {
        if (!isValidToolName(request.params.name)) throw new Error(`Unknown tool: ${request.params.name}`);
        try {
          /* @mcp-codemod-error The context object is forwarded to AVAILABLE_TOOLS[request.params.name].handler(…) — its property shape changed in v2 (e.g. extra.signal is now ctx.mcpReq.signal, extra.sendRequest is ctx.mcpReq.send). Update the helper's parameter type and property accesses. */
          return (await AVAILABLE_TOOLS[request.params.name].handler(request.params.arguments ?? {}, ctx)) as CallToolResult;
        } catch (error) {
          if (isInputRequiredSignal(error)) throw error;
          throw new Error(`Tool execution failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }),
    );
    return server;
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
