import { McpServer, type Root } from '@modelcontextprotocol/server';
import { registerNotePrompts } from './prompts.js';
import { registerNoteResources } from './resources.js';
import { NoteStore } from './store.js';
import { registerNoteTools } from './tools.js';

/**
 * One server instance with its own seeded store. A factory, because 2026-era transports build an
 * instance per connection (`serveStdio`) or per request (`createMcpHandler`).
 */
export function build(): McpServer {
  const server = new McpServer(
    { name: 'notes', version: '2.0.0' },
    { capabilities: { tools: {}, prompts: {}, resources: {} } },
  );
  const store = new NoteStore();
  let workspaceRoots: Root[] = [];

  registerNoteTools(server, store);
  registerNotePrompts(server, store);
  registerNoteResources(server, store, () => workspaceRoots);

  // Startup fetch of the workspace roots for notes://index, for clients that track root changes.
  server.server.oninitialized = async () => {
    if (!server.server.getClientCapabilities()?.roots?.listChanged) return;
    try {
      const { roots } = await server.server.listRoots();
      workspaceRoots = roots;
    } catch (error) {
      console.error('notes: could not list roots', error);
    }
  };

  return server;
}
