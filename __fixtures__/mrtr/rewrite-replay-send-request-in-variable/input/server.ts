// The request object passed to ctx.mcpReq.send is a local const whose initializer is an object literal with a
// literal `method`, or its params are read off it (`request.params`, typed by the literal: no task). Each is found
// with its kind, and the handler is replayed whole: the params' type says none of them asks for a task.
import { McpServer } from '@modelcontextprotocol/server';
import { ElicitResultSchema } from '@modelcontextprotocol/core';
import { z } from 'zod';

const ELICIT = 'elicitation/create';

export function build(): McpServer {
  const server = new McpServer({ name: 'repro', version: '1.0.0' });
  server.registerTool('a', { inputSchema: z.object({}) }, async (_args, ctx) => {
    const request = { method: 'elicitation/create' as const, params: { message: 'ok?', requestedSchema: { type: 'object' as const, properties: {} } } };
    // A request held in a const, with a schema of the handler's own.
    const r1 = await ctx.mcpReq.send(request, z.object({ action: z.string() }));
    // The same const, with the SDK's schema.
    const r2 = await ctx.mcpReq.send(request, ElicitResultSchema);
    // The method a const string, the params read off the const.
    const r3 = await ctx.mcpReq.send({ method: ELICIT, params: request.params }, ElicitResultSchema);
    // An inline literal around the same params.
    const r4 = await ctx.mcpReq.send({ method: 'elicitation/create', params: request.params }, ElicitResultSchema);
    return { content: [{ type: 'text', text: JSON.stringify([r1.action, r2.action, r3.action, r4.action]) }] };
  });
  return server;
}
