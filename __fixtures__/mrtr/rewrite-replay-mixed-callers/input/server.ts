import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { workspaceFolders } from './workspace.js';

let cachedFolders: string[] = [];
let preloadFailure: string | undefined;

export function build() {
  const server = new McpServer({ name: 'indexer', version: '0.9.0' });

  server.registerTool('list_folders', { description: 'The folders the index covers' }, async () => {
    const folders = await workspaceFolders(server);
    return { content: [{ type: 'text', text: folders.join('\n') || 'no folders' }] };
  });

  server.registerResource('folders', 'index://folders', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: (await workspaceFolders(server)).join('\n') }],
  }));

  // One resource per folder: listing them asks for the roots too.
  server.registerResource(
    'folder',
    new ResourceTemplate('index://folder/{uri}', {
      list: async () => ({ resources: (await workspaceFolders(server)).map((uri) => ({ uri: `index://folder/${encodeURIComponent(uri)}`, name: uri })) }),
    }),
    { mimeType: 'text/plain' },
    async (uri, { uri: folder }) => ({ contents: [{ uri: uri.href, text: `folder ${String(folder)}` }] }),
  );

  // Warm the cache when a client connects (opt-in).
  server.server.oninitialized = () => {
    if (process.env.INDEXER_PRELOAD === '1') {
      workspaceFolders(server).then(
        (folders) => (cachedFolders = folders),
        (error: unknown) => (preloadFailure = String(error)),
      );
    }
  };

  return server;
}

/** Refresh the cache every hour, outside any request. */
export function startRefresh(server: McpServer): NodeJS.Timeout {
  return setInterval(async () => {
    cachedFolders = await workspaceFolders(server);
  }, 3_600_000);
}

export function cached(): string[] {
  return cachedFolders;
}

/** Why the opt-in preload failed, if it did. */
export function lastPreloadFailure(): string | undefined {
  return preloadFailure;
}
