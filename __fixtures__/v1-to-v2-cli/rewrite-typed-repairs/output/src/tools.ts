import type { McpServer } from '@modelcontextprotocol/server';
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
    server.registerTool(entry.name, { description: entry.description, inputSchema: z.object(entry.inputSchema) }, async (args) => ({
      content: [{ type: 'text', text: entry.run(args) }],
    }));
}
