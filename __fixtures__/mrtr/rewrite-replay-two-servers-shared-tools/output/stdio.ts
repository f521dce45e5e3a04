import { McpServer } from '@modelcontextprotocol/server';
import { registerTools, requestStateCodec } from './tools.js';

// The server a local client starts over stdio.
export function build(): McpServer {
  const server = new McpServer({ name: 'files', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  registerTools(server, 'local');
  return server;
}
