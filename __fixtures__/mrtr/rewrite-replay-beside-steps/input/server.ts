import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'travel', version: '1.0.0' });

  async function confirmCharge(amount: number): Promise<boolean> {
    const answer = await server.server.elicitInput({
      message: `Charge ${amount} EUR to the card on file?`,
      requestedSchema: { type: 'object', properties: { charge: { type: 'boolean' } }, required: ['charge'] },
    });
    return answer.action === 'accept' && answer.content?.charge === true;
  }

  // Two dependent asks in the handler: a step function.
  server.registerTool(
    'plan_trip',
    { description: 'Plan a trip', inputSchema: z.object({ city: z.string() }) },
    async ({ city }, ctx) => {
      const when = await ctx.mcpReq.elicitInput({
        message: `When do you travel to ${city}?`,
        requestedSchema: { type: 'object', properties: { date: { type: 'string' } }, required: ['date'] },
      });
      if (when.action !== 'accept') return { content: [{ type: 'text', text: 'No trip.' }] };
      const nights = await ctx.mcpReq.elicitInput({
        message: `How many nights from ${String(when.content?.date)}?`,
        requestedSchema: { type: 'object', properties: { nights: { type: 'number' } }, required: ['nights'] },
      });
      if (nights.action !== 'accept') return { content: [{ type: 'text', text: 'No trip.' }] };
      return { content: [{ type: 'text', text: `${city} from ${String(when.content?.date)}, ${String(nights.content?.nights)} nights.` }] };
    },
  );

  // The ask is in a helper: replay.
  server.registerTool(
    'book_hotel',
    { description: 'Book a hotel', inputSchema: z.object({ hotel: z.string(), amount: z.number() }) },
    async ({ hotel, amount }) => {
      if (!(await confirmCharge(amount))) return { content: [{ type: 'text', text: 'Not booked.' }] };
      return { content: [{ type: 'text', text: `Booked ${hotel}.` }] };
    },
  );

  return server;
}
