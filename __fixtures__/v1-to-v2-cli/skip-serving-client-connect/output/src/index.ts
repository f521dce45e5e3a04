import { Client } from '@modelcontextprotocol/client';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

export async function ask(stdioTransport: never) {
  await new Client({ name: 'c', version: '1' }).connect(stdioTransport);
}
