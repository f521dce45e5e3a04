#!/usr/bin/env node
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

// The SDK's classic template: the constructor builds the server and registers on it, run() connects it.
class NotesServer {
  private server: Server;
  private notes: string[] = [];

  constructor() {
    this.server = new Server(
      { name: 'classic-notes', version: '1.0.0' },
      { capabilities: { tools: {} } },
    );

    this.setupToolHandlers();

    // Errors are logged; the signal closes whichever server is serving.
    this.server.onerror = (error) => console.error('[MCP Error]', error);
    process.on('SIGINT', async () => {
      await this.server.close();
      process.exit(0);
    });
  }

  private setupToolHandlers() {
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [
        { name: 'note', description: 'Keep a note, if the user agrees', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
        { name: 'notes', description: 'How many notes (text: unused)', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
      ],
    }));
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      if (request.params.name === 'notes')
        return { content: [{ type: 'text', text: `${this.notes.length} notes` }] };
      const text = String(request.params.arguments?.text ?? '');
      const answer = await this.server.elicitInput({
        message: `Keep "${text}"?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept' || answer.content?.confirm !== true)
        return { content: [{ type: 'text', text: 'not kept' }] };
      this.notes.push(text);
      return { content: [{ type: 'text', text: `kept ${text}` }] };
    });
  }

  async run() {
    const transport = new StdioServerTransport();
    await this.server.connect(transport);
    console.error('Classic notes server running on stdio');
  }
}

const server = new NotesServer();
server.run().catch(console.error);
