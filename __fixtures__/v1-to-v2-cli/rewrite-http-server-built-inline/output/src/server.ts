import { McpServer } from '@modelcontextprotocol/server';

export function build(tenant?: string) {
  return new McpServer({ name: tenant ?? 'x', version: '1.0.0' });
}
