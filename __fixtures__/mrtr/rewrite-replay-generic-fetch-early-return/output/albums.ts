import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import type { PhotoClient } from './client.js';
import { ask, step } from './mcp-mrtr-runtime.js';

interface Limits {
  qualities: string[];
}

async function persist(client: PhotoClient, name: string, quality: string): Promise<CallToolResult> {
  const { id } = await client.save(name, quality);
  return { content: [{ type: 'text', text: `Album ${id}: ${name} (${quality})` }] };
}

/** Creates an album; asks for the quality when the call does not give one. */
export async function createAlbum(client: PhotoClient, ctx: ServerContext, name: string, quality?: string): Promise<CallToolResult> {
  if (quality !== undefined) {
    return persist(client, name, quality);
  }

  // The qualities the photographer's plan allows.
  const limits = await step('client.get', () => client.get<Limits>('/me/limits'));
  const answer = await ask.elicitInput({
    message: `Quality for ${name}?`,
    requestedSchema: { type: 'object', properties: { quality: { type: 'string', enum: limits.qualities } }, required: ['quality'] },
  });
  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'No album created.' }] };
  return persist(client, name, String(answer.content?.quality));
}
