import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z, type ZodRawShape } from 'zod';

/** A tool of the table: its input as a raw shape, checked by the SDK. */
interface Entry {
  name: string;
  description: string;
  inputSchema: ZodRawShape;
  run: (args: Record<string, unknown>) => string;
}

const entries: Entry[] = [
  { name: 'shout', description: 'Shout a word', inputSchema: { word: z.string() }, run: (args) => String(args.word).toUpperCase() },
];

export function registerTools(server: McpServer): void {
  for (const entry of entries)
    server.registerTool(entry.name, { description: entry.description, inputSchema: entry.inputSchema }, async (args) => ({
      content: [{ type: 'text', text: entry.run(args) }],
    }));
}

export function registerSummary(server: McpServer): void {
  server.registerTool('summarize_word', { description: 'Ask the client model for a word', inputSchema: { word: z.string() } }, async (args) => {
    const answer = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `One word like ${args.word}` } }],
      maxTokens: 20,
    });
    // v1 typed the answer's content loosely: `text` read on any block.
    return { content: [{ type: 'text', text: `model says: ${String(answer.content.text ?? '(not text)')}` }] };
  });
}
