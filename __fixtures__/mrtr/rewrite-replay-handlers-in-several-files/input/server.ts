import { McpServer } from '@modelcontextprotocol/server';
import { registerPrompts } from './prompts.js';
import { registerTools } from './tools.js';

export function build() {
  const server = new McpServer({ name: 'writing-desk', version: '2.2.0' });
  registerTools(server);
  registerPrompts(server);
  return server;
}
