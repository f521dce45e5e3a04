import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { workspaceFolders } from './workspace.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

let cachedFolders: string[] = [];
let preloadFailure: string | undefined;

export function build() {
  const server = new McpServer({ name: 'indexer', version: '0.9.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('list_folders', { description: 'The folders the index covers' }, withAsks(server.server, requestStateCodec, async () => {
    const folders = await workspaceFolders(server);
    return { content: [{ type: 'text', text: folders.join('\n') || 'no folders' }] };
  }, { name: 'list_folders' }));

  server.registerResource('folders', 'index://folders', { mimeType: 'text/plain' }, withAsks(server.server, requestStateCodec, async (uri) => ({
    contents: [{ uri: uri.href, text: (await workspaceFolders(server)).join('\n') }],
  }), { name: 'folders' }));

  // One resource per folder: listing them asks for the roots too.
  /* @mcp-mrtr-review caller-outside-request: this call reaches a helper whose ask was migrated with the replay strategy, from code that cannot answer input_required: a 2025-era session is still asked through the one connected server of the process, as before; a 2026-era session cannot be asked here, and the ask throws ("reached outside a handler wrapped with withAsks") */
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
      /* @mcp-mrtr-review caller-outside-request: this call reaches a helper whose ask was migrated with the replay strategy, from code that cannot answer input_required: a 2025-era session is still asked through the one connected server of the process, as before; a 2026-era session cannot be asked here, and the ask throws ("reached outside a handler wrapped with withAsks") */
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
    /* @mcp-mrtr-review caller-outside-request: this call reaches a helper whose ask was migrated with the replay strategy, from code that cannot answer input_required: a 2025-era session is still asked through the one connected server of the process, as before; a 2026-era session cannot be asked here, and the ask throws ("reached outside a handler wrapped with withAsks") */
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
