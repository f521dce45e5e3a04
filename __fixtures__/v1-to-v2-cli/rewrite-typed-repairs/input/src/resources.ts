import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** Where each resource is, and what it is. */
const catalogue = { name: 'catalogue', uri: 'catalogue://all' };
const readme = { name: 'readme', uri: 'catalogue://readme', description: 'How to write a note' };

/** The catalogue's resources, registered on the server it is given. */
export function registerResources(server: McpServer): void {
  // The catalogue itself, as a plain text resource.
  server.resource(catalogue.name, catalogue.uri, async (uri) => ({
    contents: [{ uri: uri.href, text: 'notes, tags' }],
  }));

  server.resource(
    readme.name,
    readme.uri,
    { description: readme.description, mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: '# Notes\n' }] }),
  );
}
