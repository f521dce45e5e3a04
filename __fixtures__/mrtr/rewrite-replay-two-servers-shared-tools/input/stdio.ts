import { McpServer } from '@modelcontextprotocol/server';
import { registerTools } from './tools.js';

// The server a local client starts over stdio.
export function build(): McpServer {
  const server = new McpServer({ name: 'files', version: '1.0.0' });
  registerTools(server, 'local');
  return server;
}
