import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RootsListChangedNotificationSchema, type Root } from '@modelcontextprotocol/sdk/types.js';
import { registerNotePrompts } from './prompts.js';
import { NoteStore } from './store.js';
import { registerNoteTools } from './tools.js';

export function createServer(store = new NoteStore()): McpServer {
  const server = new McpServer(
    { name: 'notes', version: '1.0.0' },
    { capabilities: { tools: {}, prompts: {}, resources: {} } },
  );
  let workspaceRoots: Root[] = [];

  registerNoteTools(server, store);
  registerNotePrompts(server, store);

  server.registerResource(
    'notes-index',
    'notes://index',
    { description: 'All notes and the client workspace roots', mimeType: 'application/json' },
    async (uri) => ({
      contents: [{ uri: uri.href, text: JSON.stringify({ notes: store.list(), roots: workspaceRoots }, null, 2) }],
    }),
  );

  server.server.oninitialized = async () => {
    if (!server.server.getClientCapabilities()?.roots) return;
    try {
      const { roots } = await server.server.listRoots();
      workspaceRoots = roots;
    } catch (error) {
      console.error('notes: could not list roots', error);
    }
  };

  server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    const result = await server.server.listRoots();
    workspaceRoots = result.roots;
  });

  return server;
}
