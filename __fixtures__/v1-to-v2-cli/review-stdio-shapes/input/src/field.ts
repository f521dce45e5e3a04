#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

// The server is a property built by its initializer; the constructor registers on it, start() connects it.
export class TallyServer {
  private server = new McpServer({ name: 'tally', version: '1.0.0' });
  private tally = 0;

  constructor() {
    this.registerTools();
    process.on('SIGTERM', async () => {
      await this.server.close();
      process.exit(0);
    });
  }

  private registerTools() {
    this.server.registerTool('add', { description: 'Add to the tally, if the user agrees', inputSchema: { by: z.number() } }, async ({ by }) => {
      const answer = await this.server.server.elicitInput({
        message: `Add ${by}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action === 'accept' && answer.content?.confirm === true) this.tally += by;
      return { content: [{ type: 'text', text: `tally ${this.tally}` }] };
    });
  }

  async start() {
    await this.server.connect(new StdioServerTransport());
  }
}

new TallyServer().start();
