// Repro: the request object passed to ctx.mcpReq.send / extra.sendRequest is a local const
// whose initializer is an object literal with a literal `method`. The audit only reads an
// inline object literal, so it misses the site or calls it `dynamic-request`.
import { McpServer } from '@modelcontextprotocol/server';
import { ElicitResultSchema } from '@modelcontextprotocol/core';
import { z } from 'zod';

const server = new McpServer({ name: 'repro', version: '1.0.0' });
const ELICIT = 'elicitation/create';

server.registerTool('a', { inputSchema: z.object({}) }, async (_args, ctx) => {
  const request = { method: 'elicitation/create' as const, params: { message: 'ok?', requestedSchema: { type: 'object' as const, properties: {} } } };
  // expected: elicitation, ctx.mcpReq.send, no-strategy-yet   actual: not reported (missed)
  /* @mcp-mrtr-review handler-ask-not-replayed: another ask of the same handler is not migrated (its own review item says why), and a handler is replayed whole: all of its asks or none: the ask at server.ts:18 (`ctx.mcpReq.send({ method: ELICIT, params: request.params ...`) runs in the same handler and is not replayed */
  const r1 = await ctx.mcpReq.send(request, z.object({ action: z.string() }));
  // expected: elicitation, no-strategy-yet                    actual: dynamic-request
  /* @mcp-mrtr-review several-asks: the handler asks more than once in a shape the step-function rewrite does not cover yet (an ask inside a branch, loop or nested block, several asks in one statement, or one of them in a helper) */
  const r2 = await ctx.mcpReq.send(request, ElicitResultSchema);
  // expected: elicitation, no-strategy-yet (method is a const string)  actual: dynamic-request
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet */
  const r3 = await ctx.mcpReq.send({ method: ELICIT, params: request.params }, ElicitResultSchema);
  // control: inline literal -> reported correctly
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet */
  const r4 = await ctx.mcpReq.send({ method: 'elicitation/create', params: request.params }, ElicitResultSchema);
  return { content: [{ type: 'text', text: JSON.stringify([r1, r2, r3, r4]) }] };
});
