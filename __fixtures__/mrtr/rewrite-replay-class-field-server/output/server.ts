import { McpServer } from '@modelcontextprotocol/server';
import { registerNoteTools, requestStateCodec } from './tools.js';

/** The app keeps its server in a private field, built in the constructor and set up by its methods. */
export class NotesApp {
  private server: McpServer;

  constructor() {
    this.server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
    this.setupTools();
  }

  private setupTools(): void {
    registerNoteTools(this.server);
  }

  get mcp(): McpServer {
    return this.server;
  }
}

export function build(): McpServer {
  return new NotesApp().mcp;
}
