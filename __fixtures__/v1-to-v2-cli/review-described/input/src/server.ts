// Long tool descriptions written as concatenations, as real servers write them: the official codemod took such a
// description for the input schema (issue 18).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const GetCallSchema = z.object({ id: z.string().describe('The call record id') });
const ListCallsSchema = z.object({ limit: z.number().int().min(1).max(50).optional() });

const calls = [
  { id: 'c1', contact: 'Ada' },
  { id: 'c2', contact: 'Grace' },
];

export function build(): McpServer {
  const server = new McpServer({ name: 'described', version: '1.0.0' });

  server.tool(
    'list_calls',
    'List call records, newest first. ' +
      'Returns one line per call: its id and the contact called. ' +
      'Use get_call for one record.',
    ListCallsSchema.shape,
    async ({ limit }) => ({
      content: [{ type: 'text', text: calls.slice(0, limit ?? calls.length).map((c) => `${c.id} ${c.contact}`).join('\n') }],
    }),
  );

  server.tool(
    'get_call',
    'Get a single call record by id. ' + `There are ${calls.length} records.`,
    GetCallSchema.shape,
    { readOnlyHint: true },
    async ({ id }) => {
      const call = calls.find((c) => c.id === id);
      return call
        ? { content: [{ type: 'text', text: `${call.id}: called ${call.contact}` }] }
        : { content: [{ type: 'text', text: `No call ${id}` }], isError: true };
    },
  );

  return server;
}
