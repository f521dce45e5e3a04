import { McpServer } from '@modelcontextprotocol/server';
import { DeleteThingTool, ListThingsTool, type Tool } from './tools.js';

export function build() {
  const server = new McpServer({ name: 'things', version: '1.1.0' });
  const tools: Tool[] = [new DeleteThingTool(), new ListThingsTool()];
  for (const tool of tools) {
    server.registerTool(tool.name, tool.config, (args, ctx) => tool.execute(args, ctx));
  }
  return server;
}
