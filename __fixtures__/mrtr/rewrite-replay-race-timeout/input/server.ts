import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'deploy', version: '2.0.0' });

  server.registerTool(
    'rollback',
    { description: 'Roll back a release, asking for confirmation within ten seconds', inputSchema: z.object({ release: z.string() }) },
    async ({ release }, ctx) => {
      // No answer within ten seconds cancels the rollback.
      const answer = await Promise.race([
        ctx.mcpReq.elicitInput({ message: `Roll back ${release}?`, requestedSchema: { type: 'object', properties: {} } }),
        new Promise<{ action: 'cancel' }>((resolve) => setTimeout(() => resolve({ action: 'cancel' }), 10_000)),
      ]);
      return { content: [{ type: 'text', text: answer.action === 'accept' ? `Rolled back ${release}.` : 'Kept.' }] };
    },
  );

  return server;
}
