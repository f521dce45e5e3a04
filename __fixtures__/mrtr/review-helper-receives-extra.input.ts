import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ElicitResultSchema, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

async function confirm(extra: Extra, message: string): Promise<boolean> {
  const answer = await extra.sendRequest(
    { method: 'elicitation/create', params: { message, requestedSchema: { type: 'object', properties: {} } } },
    ElicitResultSchema,
  );
  return answer.action === 'accept';
}

const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool('delete_note', { inputSchema: { id: z.string() } }, async ({ id }, extra) => {
  if (!(await confirm(extra, `Delete note ${id}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
  return { content: [{ type: 'text', text: `Deleted ${id}.` }] };
});

export default server;
