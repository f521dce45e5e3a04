import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function build(tenant?: string) {
  return new McpServer({ name: tenant ?? 'x', version: '1.0.0' });
}
