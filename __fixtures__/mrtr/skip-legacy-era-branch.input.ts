// A factory written for both eras, as the SDK's own examples are: push-style requests only in the branch that serves
// 2025-era traffic (`reqCtx.era === 'legacy'`), inputRequired in the other. Nothing to migrate.
import { McpServer, inputRequired, type McpRequestContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const CONFIRM = { type: 'object' as const, properties: { ok: { type: 'boolean' as const } }, required: ['ok'] };

export function buildServer(reqCtx: McpRequestContext) {
  const server = new McpServer({ name: 'dual', version: '1.0.0' });
  server.registerTool('wipe', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
    if (reqCtx.era === 'legacy') {
      const answer = await ctx.mcpReq.elicitInput({ message: `Wipe ${id}?`, requestedSchema: CONFIRM });
      return { content: [{ type: 'text', text: answer.action }] };
    }
    const answer = ctx.mcpReq.inputResponses?.['wipe'] as { action?: string } | undefined;
    if (!answer) return inputRequired({ inputRequests: { wipe: inputRequired.elicit({ message: `Wipe ${id}?`, requestedSchema: CONFIRM }) } });
    return { content: [{ type: 'text', text: answer.action ?? 'none' }] };
  });
  server.registerTool('summary', { inputSchema: z.object({ text: z.string() }) }, async ({ text }, ctx) => {
    // The 2026 era leaves early; what follows serves 2025-era traffic only.
    if (reqCtx.era !== 'legacy') {
      return { content: [{ type: 'text', text: text.slice(0, 20) }] };
    }
    const reply = await ctx.mcpReq.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 20 });
    return { content: [{ type: 'text', text: reply.model }] };
  });
  return server;
}
