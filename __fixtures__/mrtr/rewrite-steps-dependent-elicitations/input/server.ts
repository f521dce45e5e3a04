import { McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const WHEN: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { date: { type: 'string', title: 'Date', description: 'YYYY-MM-DD' } },
  required: ['date'],
};

const PARTY: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { people: { type: 'integer', minimum: 1, maximum: 12 } },
  required: ['people'],
};

export function build() {
  const server = new McpServer({ name: 'bookings', version: '2.0.0' });

  server.registerTool(
    'book_table',
    { description: 'Book a table, asking for the date and then the party size', inputSchema: z.object({ restaurant: z.string() }) },
    async ({ restaurant }, ctx) => {
      const when = await ctx.mcpReq.elicitInput({ message: `When do you want to eat at ${restaurant}?`, requestedSchema: WHEN });
      if (when.action !== 'accept' || !when.content) {
        return { content: [{ type: 'text', text: `No booking at ${restaurant} (${when.action}).` }] };
      }
      const date = String(when.content.date);
      const party = await ctx.mcpReq.elicitInput({ message: `How many people on ${date}?`, requestedSchema: PARTY });
      if (party.action !== 'accept' || !party.content) {
        return { content: [{ type: 'text', text: `No booking on ${date} (${party.action}).` }] };
      }
      return { content: [{ type: 'text', text: `Booked ${restaurant} on ${date} for ${party.content.people}.` }] };
    },
  );

  return server;
}
