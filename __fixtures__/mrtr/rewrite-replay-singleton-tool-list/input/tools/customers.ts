import * as z from 'zod/v4';
import { server } from '../server.js';

const customers = new Map<string, string>([
  ['c1', 'Ada'],
  ['c2', 'Grace'],
]);

export const customerTools = [
  {
    name: 'delete_customer',
    description: 'Delete a customer after confirmation',
    inputSchema: z.object({ id: z.string() }),
    handler: async (args: { id: string }) => {
      const who = customers.get(args.id);
      if (!who) throw new Error(`no customer ${args.id}`);
      const answer = await server.server.elicitInput({
        message: `Delete ${who}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept' || answer.content?.confirm !== true) return { deleted: false };
      customers.delete(args.id);
      return { deleted: true, name: who };
    },
  },
  {
    name: 'count_customers',
    description: 'How many customers there are',
    inputSchema: z.object({}),
    handler: async () => ({ count: customers.size }),
  },
];
