import { acceptedContent, inputRequired, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// Already on MRTR: inputRequired.createMessage / listRoots build input requests, they do not send anything.
const server = new McpServer({ name: 'migrated', version: '2.0.0' });
const Confirm = z.object({ ok: z.boolean() });

server.registerTool('delete_note', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', Confirm);
  if (!confirmed) {
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({ message: `Delete ${id}?`, requestedSchema: Confirm }),
        roots: inputRequired.listRoots(),
        draft: inputRequired.createMessage({ messages: [], maxTokens: 10 }),
      },
    });
  }
  return { content: [{ type: 'text', text: confirmed.ok ? `Deleted ${id}` : 'Kept' }] };
});

export default server;
