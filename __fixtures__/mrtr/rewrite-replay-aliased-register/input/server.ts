import { McpServer } from '@modelcontextprotocol/server';
// Two tool files export a function of the same name; the server imports one of them under another name.
import { registerTools } from './tools/notes.js';
import { registerTools as registerArchiveTools } from './tools/archive.js';

export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '2.0.0' });
  registerTools(server);
  registerArchiveTools(server);
  return server;
}
