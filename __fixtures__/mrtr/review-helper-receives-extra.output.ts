import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ElicitResultSchema, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

async function confirm(extra: Extra, message: string): Promise<boolean> {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
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
