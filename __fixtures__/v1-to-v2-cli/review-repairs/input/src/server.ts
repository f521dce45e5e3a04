// What the official v1-to-v2 codemod breaks on real servers (issue 18): an import it removes while the code still
// uses it (experimental tasks), a handler context not named `extra` (its v1 members stay), tools listed through
// zod-to-json-schema under a zod raised to 4, and a type written as an import expression (it stays on v1).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import {
  CallToolRequestSchema,
  ElicitResultSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { describeLabels } from './labels.js';
import { describeSizes } from './sizes.js';

const notes: Record<string, string> = { '1': 'Buy milk, eggs and bread before the shop closes at six.' };

const DeleteArgs = z.object({ id: z.string().describe('The note to delete') });
const CountArgs = z.object({ status: z.enum(['working', 'completed']).optional() });

// Task records kept in the v1 SDK's experimental store (it has no v2 equivalent).
const taskStore = new InMemoryTaskStore();

// The servers this process built, typed as NorebaseTope/mcp-runner types its server.
const built = new Set<import('@modelcontextprotocol/sdk/server/index.js').Server>();

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

export function build(): Server {
  const server = new Server({ name: 'notes-repairs', version: '1.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: 'delete_note',
        description: 'Delete a note after confirmation',
        inputSchema: zodToJsonSchema(DeleteArgs) as { type: 'object' },
      },
      {
        name: 'count_tasks',
        description: 'Count the recorded tasks',
        inputSchema: zodToJsonSchema(CountArgs, { $refStrategy: 'none' }) as { type: 'object' },
      },
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, context) => {
    if (request.params.name === 'count_tasks') {
      const { tasks } = await taskStore.listTasks();
      const labels = describeLabels(request.params.arguments?.labels);
      const sizes = describeSizes(request.params.arguments?.sizes);
      const servers = built.size > 1 ? ` on ${built.size} servers` : '';
      return text(`${tasks.length} tasks${labels ? ` (${labels})` : ''}${sizes ? ` [${sizes}]` : ''}${servers}`);
    }
    const { id } = DeleteArgs.parse(request.params.arguments);
    if (!(id in notes)) return { ...text(`No note ${id}`), isError: true };
    const answer = await context.sendRequest(
      {
        method: 'elicitation/create',
        params: {
          message: `Delete note ${id}?`,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
        },
      },
      ElicitResultSchema,
    );
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return text('Kept.');
    delete notes[id];
    return text(`Deleted note ${id}.`);
  });

  built.add(server);
  return server;
}
