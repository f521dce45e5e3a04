import { McpServer } from '@modelcontextprotocol/server';
import { prompts } from './prompts/index.js';
import { tools } from './tools/index.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'workspace', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  for (const tool of tools) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, withAsks(server.server, requestStateCodec, tool.handler, { name: tool.name }));
  }
  for (const [name, prompt] of Object.entries(prompts)) {
    server.registerPrompt(name, prompt.config, withAsks(server.server, requestStateCodec, prompt.handler, { name }));
  }
  return server;
}
