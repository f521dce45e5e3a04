import { McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// Two write-once tools whose answers have the same name (`confirmation`): a client that sends one tool's
// answer with the other tool's call must not confirm the other tool's action.
const CONFIRM: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { confirm: { type: 'boolean', title: 'Confirm' } },
  required: ['confirm'],
};

export function build() {
  const server = new McpServer({ name: 'notes', version: '2.0.0' });
  const notes = new Set(['todo', 'ideas']);
  const projects = new Set(['website']);

  server.registerTool(
    'delete_note',
    { description: 'Delete a note after the user confirms', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const confirmation = await ctx.mcpReq.elicitInput({ message: `Delete note ${name}?`, requestedSchema: CONFIRM });
      if (confirmation.action !== 'accept' || confirmation.content?.confirm !== true) {
        return { content: [{ type: 'text', text: `Note ${name} was kept.` }] };
      }
      notes.delete(name);
      return { content: [{ type: 'text', text: `Deleted note ${name}.` }] };
    },
  );

  server.registerTool(
    'delete_project',
    { description: 'Delete a project after the user confirms', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const confirmation = await ctx.mcpReq.elicitInput({
        message: `Delete project ${name} and all its notes?`,
        requestedSchema: CONFIRM,
      });
      if (confirmation.action !== 'accept' || confirmation.content?.confirm !== true) {
        return { content: [{ type: 'text', text: `Project ${name} was kept.` }] };
      }
      projects.delete(name);
      return { content: [{ type: 'text', text: `Deleted project ${name}.` }] };
    },
  );

  return server;
}
