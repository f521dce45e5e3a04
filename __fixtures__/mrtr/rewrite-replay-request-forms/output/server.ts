import { CreateMessageResultSchema, ElicitResultSchema, ListRootsResultSchema } from '@modelcontextprotocol/core';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const APPROVE = { type: 'object' as const, properties: { approved: { type: 'boolean' as const } }, required: ['approved'] };

export function build() {
  const server = new McpServer({ name: 'release', version: '3.1.0' }, { requestState: { verify: requestStateCodec.verify } });

  // The shape the official v1->v2 codemod leaves for `server.request(...)`.
  async function approve(step: string): Promise<boolean> {
    const answer = await ask.request({ method: 'elicitation/create', params: { message: `Run ${step}?`, requestedSchema: APPROVE } }, ElicitResultSchema);
    return answer.action === 'accept' && answer.content?.approved === true;
  }

  async function notes(ctx: ServerContext, version: string): Promise<string> {
    const reply = await ask.request(
      { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: `Release notes for ${version}` } }], maxTokens: 50 } },
      CreateMessageResultSchema,
    );
    return reply.content.type === 'text' ? reply.content.text : '';
  }

  server.registerTool('release', { inputSchema: z.object({ version: z.string(), steps: z.array(z.string()) }) }, withAsks(server.server, requestStateCodec, async ({ version, steps }, ctx) => {
    const done: string[] = [];
    for (const step of steps) {
      if (await approve(step)) done.push(step);
    }
    const { roots } = await ask.request({ method: 'roots/list' }, ListRootsResultSchema);
    return { content: [{ type: 'text', text: `${version}: ${done.join(', ') || 'nothing'} in ${roots.length} roots; ${await notes(ctx, version)}` }] };
  }, { name: 'release' }));

  return server;
}
