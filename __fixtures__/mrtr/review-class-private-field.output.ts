import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

class NotesService {
  private readonly server: McpServer;

  constructor(server: McpServer) {
    this.server = server;
  }

  async summarize(body: string): Promise<string> {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const reply = await this.server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${body}` } }],
      maxTokens: 100,
    });
    return reply.content.type === 'text' ? reply.content.text : body;
  }
}

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const notes = new NotesService(server);

server.registerTool('summarize', { description: 'Summarize text', inputSchema: { body: z.string() } }, async ({ body }) => ({
  content: [{ type: 'text', text: await notes.summarize(body) }],
}));

export default server;
