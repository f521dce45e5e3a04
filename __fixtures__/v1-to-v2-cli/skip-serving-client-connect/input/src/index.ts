import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
export async function ask(stdioTransport: never) {
  await new Client({ name: 'c', version: '1' }).connect(stdioTransport);
}
