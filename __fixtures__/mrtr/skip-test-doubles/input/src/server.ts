import { McpServer } from '@modelcontextprotocol/server';

export function build() {
  const server = new McpServer({ name: 'weather-desk', version: '0.3.0' });
  server.registerTool('forecast', { description: "Tomorrow's forecast" }, async () => ({
    content: [{ type: 'text', text: 'Sunny, 21°C' }],
  }));
  return server;
}
