// wyre-technology/autotask-mcp's shape: the tool logic is a class instance kept in a field of the app
// (`this.toolHandler = new ToolHandler()`), the handlers are registered in a private method that gets the server as a
// parameter (`this.setupHandlers(server)`), and the ask is on the low-level server handed to the tool class.
import { McpServer, type CallToolResult, type Server } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

class ToolHandler {
  private server: Server | null = null;
  private readonly notes = new Map([['n1', 'Buy milk']]);

  setServer(server: Server): void {
    this.server = server;
  }

  async callTool(name: string, id: string): Promise<CallToolResult> {
    if (name === 'delete_note') return this.deleteNote(id);
    return text(`Unknown tool ${name}.`);
  }

  private async deleteNote(id: string): Promise<CallToolResult> {
    if (!this.notes.has(id)) return text(`No note ${id}.`);
    if (!this.server) return text('Not connected.');
    const answer = await this.server.elicitInput({
      mode: 'form',
      message: `Delete note ${id}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return text('Kept.');
    this.notes.delete(id);
    return text(`Deleted note ${id}.`);
  }
}

class NotesApp {
  private toolHandler: ToolHandler;

  constructor() {
    this.toolHandler = new ToolHandler();
  }

  createServer(): McpServer {
    const server = new McpServer({ name: 'notes', version: '1.0.0' });
    this.setupHandlers(server);
    this.toolHandler.setServer(server.server);
    return server;
  }

  private setupHandlers(server: McpServer): void {
    server.registerTool(
      'delete_note',
      { description: 'Delete a note after confirmation', inputSchema: z.object({ id: z.string() }) },
      async ({ id }) => this.toolHandler.callTool('delete_note', id),
    );
  }
}

export function build(): McpServer {
  return new NotesApp().createServer();
}
