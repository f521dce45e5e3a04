import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { createAlbum } from './albums.js';
import { PhotoClient } from './client.js';

const client = new PhotoClient();

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { requests: client.requests, saved: client.saved.length };
}

export function build() {
  const server = new McpServer({ name: 'albums', version: '1.0.0' });
  server.registerTool(
    'create_album',
    { inputSchema: z.object({ name: z.string(), quality: z.string().optional() }) },
    async ({ name, quality }, ctx) => createAlbum(client, ctx, name, quality),
  );
  return server;
}
