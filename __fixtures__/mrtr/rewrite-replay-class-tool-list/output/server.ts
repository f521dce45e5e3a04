import { McpServer } from '@modelcontextprotocol/server';
import { DeleteThingTool, ListThingsTool, type Tool } from './tools.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'things', version: '1.1.0' }, { requestState: { verify: requestStateCodec.verify } });
  const tools: Tool[] = [new DeleteThingTool(), new ListThingsTool()];
  for (const tool of tools) {
    server.registerTool(tool.name, tool.config, withAsks(server.server, requestStateCodec, (args, ctx) => tool.execute(args, ctx), { name: tool.name }));
  }
  return server;
}
