#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';

// The server is a property built by its initializer; the constructor registers on it, start() connects it.
export class TallyServer {
  private server: McpServer = this.buildServer();
  private tally = 0;

  constructor() {
    process.on('SIGTERM', async () => {
      await this.server.close();
      process.exit(0);
    });
  }

  private buildServer() {
    this.server = new McpServer({ name: 'tally', version: '1.0.0' });
    this.registerTools();
    return this.server;
  }

  private registerTools() {
    this.server.registerTool('add', { description: 'Add to the tally, if the user agrees', inputSchema: z.object({ by: z.number() }) }, async ({ by }, ctx) => {
      const answerRequest: ElicitRequestFormParams = {
        message: `Add ${by}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      };
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'add_ask');
      if (answer.kind !== 'elicit') {
        return inputRequired({ inputRequests: { add_ask: inputRequired.elicit(answerRequest) } });
      }
      if (answer.action === 'accept' && answer.content) {
        const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (answer.action === 'accept' && answer.content?.confirm === true) this.tally += by;
      return { content: [{ type: 'text', text: `tally ${this.tally}` }] };
    });
  }

  async start() {
    serveStdio(() => this.buildServer());
  }
}

new TallyServer().start();
