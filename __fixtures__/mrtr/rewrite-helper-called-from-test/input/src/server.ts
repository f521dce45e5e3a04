import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmRelease } from './confirm.js';

export function build() {
  const server = new McpServer({ name: 'release-desk', version: '1.4.0' });

  server.registerTool(
    'publish_release',
    { description: 'Publish a tagged release', inputSchema: z.object({ tag: z.string() }) },
    async ({ tag }) => {
      if (!(await confirmRelease(server, tag))) {
        return { content: [{ type: 'text', text: `Release ${tag} kept as a draft.` }] };
      }
      return { content: [{ type: 'text', text: `Release ${tag} published.` }] };
    },
  );

  return server;
}
