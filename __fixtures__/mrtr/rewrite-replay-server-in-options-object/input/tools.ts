import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export interface Notes {
  get(id: string): string | undefined;
  remove(id: string): void;
}

/** Summarizes through the client's model; undefined when it cannot. */
async function summarize(server: McpServer, text: string): Promise<string | undefined> {
  try {
    const result = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }],
      maxTokens: 50,
    });
    return result.content.type === 'text' ? result.content.text : undefined;
  } catch {
    return undefined;
  }
}

/** The tools, registered on the server the options object carries. */
export function registerNoteTools({ server, notes }: { server: McpServer; notes: Notes }): void {
  server.registerTool('summarize_note', { description: 'Summarize a note', inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
    const text = notes.get(id);
    if (text === undefined) return { content: [{ type: 'text', text: `no note ${id}` }], isError: true };
    const summary = await summarize(server, text);
    return { content: [{ type: 'text', text: summary ?? text }] };
  });
}
