import { McpServer } from '@modelcontextprotocol/server';
import { registerPrompts } from './prompts.js';
import { registerTools, requestStateCodec } from './tools.js';

export function build() {
  const server = new McpServer({ name: 'writing-desk', version: '2.2.0' }, { requestState: { verify: requestStateCodec.verify } });
  registerTools(server);
  registerPrompts(server);
  return server;
}
