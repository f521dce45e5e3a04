import { McpServer } from '@modelcontextprotocol/server';
import { prompts } from './prompts/index.js';
import { tools } from './tools/index.js';

export function build() {
  const server = new McpServer({ name: 'workspace', version: '2.0.0' });
  for (const tool of tools) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, tool.handler);
  }
  for (const [name, prompt] of Object.entries(prompts)) {
    server.registerPrompt(name, prompt.config, prompt.handler);
  }
  return server;
}
