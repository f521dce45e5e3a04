import { McpServer } from '@modelcontextprotocol/server';
import { registerNoteTools } from './tools.js';

const store = new Map([
  ['n1', 'buy milk and eggs before six'],
  ['n2', 'call Ada about the review'],
]);

export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  registerNoteTools({
    server,
    notes: { get: (id) => store.get(id), remove: (id) => void store.delete(id) },
  });
  return server;
}
