import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'cleanup', version: '1.0.0' });

server.registerTool('cleanup', { description: 'Delete files one by one', inputSchema: { files: z.array(z.string()) } }, async ({ files }) => {
  const deleted: string[] = [];
  for (const file of files) {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const answer = await server.server
      .elicitInput({ message: `Delete ${file}?`, requestedSchema: { type: 'object', properties: {} } })
      .catch(() => ({ action: 'cancel' as const }));
    if (answer.action === 'accept') deleted.push(file);
  }
  return { content: [{ type: 'text', text: `Deleted: ${deleted.join(', ') || 'nothing'}` }] };
});

export default server;
