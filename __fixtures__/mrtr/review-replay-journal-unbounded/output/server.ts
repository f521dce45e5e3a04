import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

interface Ticket {
  id: number;
  title: string;
  body: string;
}

class Tracker {
  checks = 0;

  async isResolved(id: number): Promise<boolean> {
    this.checks++;
    return this.checks > 2;
  }

  searches = 0;

  async search(text: string): Promise<Ticket[]> {
    this.searches++;
    return [{ id: 1, title: text, body: '' }];
  }
}

const tracker = new Tracker();

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  /* @mcp-mrtr-review replay-journal-unbounded: an effect before an ask runs in a loop with no bound the analysis can see, or returns a value that may be large (an array of records) in a project not served over stdio only: its journal in requestState could exceed the 16 KB budget: `await tracker.isResolved(id)` at server.ts:42 runs in the `while` loop at line 41, which has no bound the analysis can see: each iteration would add an entry to the 16 KB journal */
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

export function build() {
  const server = new McpServer({ name: 'tracker', version: '1.0.0' });

  // Polls until the ticket is resolved, asking between polls: no bound on the journal's entries.
  server.registerTool('wait_for_ticket', { inputSchema: z.object({ id: z.number() }) }, async ({ id }, ctx) => {
    while (true) {
      const resolved = await tracker.isResolved(id);
      if (resolved) return { content: [{ type: 'text', text: `Ticket ${id} resolved.` }] };
      if (!(await confirm(ctx, `Ticket ${id} is open. Keep waiting?`))) break;
    }
    return { content: [{ type: 'text', text: 'Stopped waiting.' }] };
  });

  // A search result may hold any number of tickets: too large to carry between rounds.
  server.registerTool('close_matching', { inputSchema: z.object({ text: z.string() }) }, async ({ text }, ctx) => {
    const found = await tracker.search(text);
    /* @mcp-mrtr-review replay-journal-unbounded: an effect before an ask runs in a loop with no bound the analysis can see, or returns a value that may be large (an array of records) in a project not served over stdio only: its journal in requestState could exceed the 16 KB budget: `await tracker.search(text)` at server.ts:51 gives an array of records, which may not fit in the 16 KB journal */
    const answer = await ctx.mcpReq.elicitInput({
      message: `Close ${found.length} tickets?`,
      requestedSchema: { type: 'object', properties: {} },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Kept open.' }] };
    return { content: [{ type: 'text', text: `Closed ${found.map((t) => t.id).join(', ')}.` }] };
  });

  return server;
}
