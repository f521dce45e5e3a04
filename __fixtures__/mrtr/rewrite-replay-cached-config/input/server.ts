import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

interface Config {
  shelf: string;
  labels: Record<string, string>;
}

// The server's settings, read from the environment once and kept.
let cached: Config | null = null;

function config(): Config {
  if (cached) return cached;
  cached = { shelf: process.env.SHELF || 'main', labels: JSON.parse(process.env.LABELS || '{}') };
  return cached;
}

/** For tests: read the environment again. */
export function resetConfig(): void {
  cached = null;
}

const BOOKS: Record<string, string[]> = { main: ['Dune', 'Emma'], spare: ['Ulysses'] };
let lookups = 0;

/** A shelf of books: built per request from the settings, its lookups counted. */
class Shelf {
  private readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  async titles(): Promise<string[]> {
    lookups++;
    return BOOKS[this.name] ?? [];
  }
}

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { lookups };
}

export function build() {
  const server = new McpServer({ name: 'shelf', version: '1.0.0' });

  server.registerTool('lend', { inputSchema: z.object({ reader: z.string() }) }, async ({ reader }, ctx: ServerContext) => {
    const shelf = new Shelf(config().shelf);
    const titles = await shelf.titles();
    const answer = await ctx.mcpReq.elicitInput({
      message: `Which book for ${reader}?`,
      requestedSchema: { type: 'object', properties: { title: { type: 'string', enum: titles } }, required: ['title'] },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Nothing lent.' }] };
    return { content: [{ type: 'text', text: `Lent ${String(answer.content?.title)} to ${reader}.` }] };
  });

  return server;
}
