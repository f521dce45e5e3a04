import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function build() {
  return new McpServer({ name: 'z', version: '1.0.0' });
}
