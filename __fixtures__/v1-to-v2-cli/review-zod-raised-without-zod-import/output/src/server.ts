import { McpServer } from '@modelcontextprotocol/server';

export function build() {
  return new McpServer({ name: 'z', version: '1.0.0' });
}
