import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'journal', version: '1.0.0' });
const entries: string[] = [];
const transport = new StdioServerTransport();

transport.onclose = async () => {
  /* @mcp-mrtr-review event-listener: push-style request inside an event listener, outside any request */
  const reply = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize the session: ${entries.join('; ')}` } }],
    maxTokens: 200,
  });
  console.error(reply.content.type === 'text' ? reply.content.text : '');
};

await server.connect(transport);
