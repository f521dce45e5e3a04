#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { Server, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';

// The SDK's classic template: the constructor builds the server and registers on it, run() connects it.
class NotesServer {
  private server: Server;
  private notes: string[] = [];

  constructor() {
    this.server = this.buildServer();

    process.on('SIGINT', async () => {
      await this.server.close();
      process.exit(0);
    });
  }

  private buildServer() {
    this.server = new Server(
      { name: 'classic-notes', version: '1.0.0' },
      { capabilities: { tools: {} } },
    );
    this.setupToolHandlers();
    // Errors are logged; the signal closes whichever server is serving.
    this.server.onerror = (error) => console.error('[MCP Error]', error);
    return this.server;
  }

  private setupToolHandlers() {
    this.server.setRequestHandler('tools/list', async () => ({
      tools: [
        { name: 'note', description: 'Keep a note, if the user agrees', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
        { name: 'notes', description: 'How many notes (text: unused)', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
      ],
    }));
    this.server.setRequestHandler('tools/call', async (request, ctx) => {
      if (request.params.name === 'notes')
        return { content: [{ type: 'text', text: `${this.notes.length} notes` }] };
      const text = String(request.params.arguments?.text ?? '');
      const answerRequest: ElicitRequestFormParams = {
        message: `Keep "${text}"?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      };
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'classic_tools_call_ask');
      if (answer.kind !== 'elicit') {
        return inputRequired({ inputRequests: { classic_tools_call_ask: inputRequired.elicit(answerRequest) } });
      }
      if (answer.action === 'accept' && answer.content) {
        const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (answer.action !== 'accept' || answer.content?.confirm !== true)
        return { content: [{ type: 'text', text: 'not kept' }] };
      this.notes.push(text);
      return { content: [{ type: 'text', text: `kept ${text}` }] };
    });
  }

  async run() {
    serveStdio(() => this.buildServer());
    console.error('Classic notes server running on stdio');
  }
}

const server = new NotesServer();
server.run().catch(console.error);
