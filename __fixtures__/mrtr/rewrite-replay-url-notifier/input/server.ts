// The SDK's own guide (examples/guides/servers/elicitation.examples.ts, connect-calendar): a URL ask in a try whose
// finally forgets the flow, and the completion notifier kept for the hosted flow's callback before the ask. The ask
// is replayed; the notifier becomes a no-op (2026-07-28 has no completion notification, and the 2025 shim names its
// own elicitation), as the explicit rewrite makes it.
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const pendingFlows = new Map<string, () => Promise<void>>();

export function build(): McpServer {
  const server = new McpServer({ name: 'calendar', version: '1.0.0' });
  server.registerTool(
    'connect-calendar',
    { description: 'Connect a calendar through a hosted consent flow', inputSchema: z.object({ provider: z.string() }) },
    async ({ provider }, ctx) => {
      const elicitationId = randomUUID();
      pendingFlows.set(
        elicitationId,
        server.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: ctx.mcpReq.id }),
      );
      try {
        const result = await ctx.mcpReq.elicitInput(
          {
            mode: 'url',
            message: `Grant ${provider} calendar access`,
            url: `https://calendar.example.com/consent/${encodeURIComponent(provider)}`,
            elicitationId,
          },
          { timeout: 10 * 60_000, signal: ctx.mcpReq.signal },
        );
        if (result.action !== 'accept') return { content: [{ type: 'text', text: `Consent ${result.action}.` }] };
        return { content: [{ type: 'text', text: `Connected ${provider}.` }] };
      } finally {
        pendingFlows.delete(elicitationId);
      }
    },
  );
  return server;
}
