import { McpServer } from '@modelcontextprotocol/server';
import { registerSummaryTools } from './summary.js';

// The server's construction is a factory of its own; the tools are registered on what it returns.
export function createMcpServer(): McpServer {
  return new McpServer({ name: 'reader', version: '2.0.0' }, { instructions: 'Summaries by the host model.' });
}

export function build(): McpServer {
  const server = createMcpServer();
  registerSummaryTools(server);
  return server;
}
