// zx8086/mcp-konnect's shape: the server is a subclass of McpServer that registers its tools on `this`, through a
// handler chosen in a branch and called from the registered callback; the operation asks only when the caller
// passes the request's context, and the nightly sweep calls it without one.
import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { deleteNote, sweep } from './ops.js';

export class NotesServer extends McpServer {
  constructor() {
    super({ name: 'notes', version: '1.0.0' });
    this.registerTools();
  }

  private registerTools(): void {
    let handler: (args: { id: string }, ctx: ServerContext) => Promise<CallToolResult>;
    if (process.env.NOTES_READ_ONLY === '1') {
      handler = async ({ id }) => ({ content: [{ type: 'text', text: `Read-only: kept ${id}.` }] });
    } else {
      handler = async ({ id }, ctx) => deleteNote(id, ctx);
    }
    this.registerTool(
      'delete_note',
      { description: 'Delete a note after confirmation', inputSchema: z.object({ id: z.string() }) },
      (args, ctx) => handler(args, ctx),
    );
  }
}

export function build(): NotesServer {
  // The nightly sweep: no request, no context, no question.
  setInterval(() => void sweep(['expired']), 24 * 60 * 60 * 1000).unref();
  return new NotesServer();
}
