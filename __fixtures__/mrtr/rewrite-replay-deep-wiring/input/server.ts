import { McpServer } from '@modelcontextprotocol/server';
import { initialize } from './handler.js';

// The server is built here; its tools are registered two files away (server.ts -> handler.ts -> tools/pay.ts),
// as in real servers with an initializer: the requestState codec reaches this file along those imports.
export function build(): McpServer {
  const server = new McpServer({ name: 'wallet', version: '2.0.0' });
  initialize(server);
  return server;
}
