import { McpServer } from '@modelcontextprotocol/server';
import { registerTools } from './tools.js';

// The hosted server, built apart with its own options.
export function build(): McpServer {
  const server = new McpServer(
    { name: 'files-hosted', version: '1.0.0' },
    { instructions: 'Hosted file tools.' },
  );
  registerTools(server, 'hosted');
  return server;
}
