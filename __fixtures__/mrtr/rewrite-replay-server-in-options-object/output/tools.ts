import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, isInputRequiredSignal, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
export const requestStateCodec = sharedRequestStateCodec();

export interface Notes {
  get(id: string): string | undefined;
  remove(id: string): void;
}

/** Summarizes through the client's model; undefined when it cannot. */
async function summarize(server: McpServer, text: string): Promise<string | undefined> {
  try {
    const result = await ask.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }],
      maxTokens: 50,
    });
    return result.content.type === 'text' ? result.content.text : undefined;
  } catch (error) {
    if (isInputRequiredSignal(error)) throw error;
    return undefined;
  }
}

/** The tools, registered on the server the options object carries. */
export function registerNoteTools({ server, notes }: { server: McpServer; notes: Notes }): void {
  server.registerTool('summarize_note', { description: 'Summarize a note', inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ id }) => {
    const text = notes.get(id);
    if (text === undefined) return { content: [{ type: 'text', text: `no note ${id}` }], isError: true };
    const summary = await summarize(server, text);
    return { content: [{ type: 'text', text: summary ?? text }] };
  }, { name: 'summarize_note' }));
}
