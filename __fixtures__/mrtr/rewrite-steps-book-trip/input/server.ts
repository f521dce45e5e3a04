import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'travel', version: '2.0.0' });

  server.registerTool(
    'book_trip',
    { description: 'Book a trip in two steps', inputSchema: z.object({ city: z.string() }) },
    async ({ city }, ctx) => {
      const dates = await ctx.mcpReq.elicitInput({
        message: `When do you travel to ${city}?`,
        requestedSchema: { type: 'object', properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } }, required: ['from', 'to'] },
      });
      if (dates.action !== 'accept') return { content: [{ type: 'text', text: 'No trip booked.' }] };
      const seat = await ctx.mcpReq.elicitInput({
        message: `Seat preference for ${dates.content?.from}?`,
        requestedSchema: { type: 'object', properties: { seat: { type: 'string', enum: ['window', 'aisle'] } } },
      });
      const where = seat.action === 'accept' ? String(seat.content?.seat) : 'any';
      return { content: [{ type: 'text', text: `Booked ${city} from ${dates.content?.from} to ${dates.content?.to}, ${where} seat.` }] };
    },
  );

  return server;
}
