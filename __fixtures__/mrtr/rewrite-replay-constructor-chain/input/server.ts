import { McpServer } from '@modelcontextprotocol/server';
import { ServerSetup } from './setup.js';

export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  new ServerSetup(server).setup();
  return server;
}
