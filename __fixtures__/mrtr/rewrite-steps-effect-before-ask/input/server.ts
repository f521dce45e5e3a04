import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// The ticket system: opening a ticket has an effect (a new number each time) that must happen once per call.
let nextTicket = 100;
const tickets = new Map<number, { title: string; priority?: string }>();

async function openTicket(title: string): Promise<number> {
  const id = nextTicket++;
  tickets.set(id, { title });
  return id;
}

export function build() {
  const server = new McpServer({ name: 'helpdesk', version: '2.0.0' });

  server.registerTool(
    'report_bug',
    { description: 'Open a ticket, then ask for its priority', inputSchema: z.object({ title: z.string() }) },
    async ({ title }, ctx) => {
      const ticket = await openTicket(title);
      const opened = new Date('2026-11-30T09:00:00Z');
      const priority = await ctx.mcpReq.elicitInput({
        message: `Ticket #${ticket} opened for "${title}". How urgent is it?`,
        requestedSchema: {
          type: 'object',
          properties: { level: { type: 'string', enum: ['low', 'high'] } },
          required: ['level'],
        },
      });
      const level = priority.action === 'accept' && priority.content ? String(priority.content.level) : 'unset';
      tickets.set(ticket, { title, priority: level });
      return { content: [{ type: 'text', text: `Ticket #${ticket} (${level}), opened ${opened.toISOString()}; ${tickets.size} open.` }] };
    },
  );

  return server;
}
