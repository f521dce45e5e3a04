import { McpServer } from '@modelcontextprotocol/server';
import { ServerSetup, requestStateCodec } from './setup.js';

export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  new ServerSetup(server).setup();
  return server;
}
