import { McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const CONFIRM_DELETE: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    confirm: { type: 'boolean', title: 'Delete permanently', description: 'This cannot be undone' },
  },
  required: ['confirm'],
};

export function build() {
  const server = new McpServer({ name: 'records', version: '2.0.0' });
  const records = new Map([
    ['42', 'Quarterly report'],
    ['7', 'Old invoice'],
  ]);

  server.registerTool(
    'delete_record',
    { description: 'Delete a record after the user confirms', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      const confirmation = await ctx.mcpReq.elicitInput({
        message: `Delete record ${id}?`,
        requestedSchema: CONFIRM_DELETE,
      });
      if (confirmation.action === 'decline') {
        return { content: [{ type: 'text', text: `Record ${id} was kept: you declined the deletion.` }] };
      }
      if (confirmation.action !== 'accept' || confirmation.content?.confirm !== true) {
        return { content: [{ type: 'text', text: 'Deletion cancelled.' }] };
      }
      const title = records.get(id);
      if (title === undefined) {
        return { content: [{ type: 'text', text: `No record ${id}.` }], isError: true };
      }
      records.delete(id);
      return { content: [{ type: 'text', text: `Deleted record ${id} (${title}).` }] };
    },
  );

  return server;
}
