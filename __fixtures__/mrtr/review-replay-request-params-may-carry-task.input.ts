import { ElicitResultSchema } from '@modelcontextprotocol/core';
import { McpServer, type Server } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

/** Params that may ask for a task: the client may then answer with a task instead of the result. */
interface ElicitParams {
  message: string;
  requestedSchema: { type: 'object'; properties: Record<string, unknown> };
  task?: { ttl: number };
}

async function elicit(server: Server, p: ElicitParams) {
  return server.request({ method: 'elicitation/create', params: p }, ElicitResultSchema);
}

/** Params of a type the analysis cannot read: they may carry anything. */
async function elicitAny(server: Server, p: any) {
  return server.request({ method: 'elicitation/create', params: p }, ElicitResultSchema);
}

export function build(): McpServer {
  const server = new McpServer({ name: 'memory', version: '1.0.0' });
  server.registerTool('pin', { inputSchema: z.object({ id: z.number() }) }, async ({ id }) => {
    const res = await elicit(server.server, { message: `Pin #${id}?`, requestedSchema: { type: 'object', properties: {} } });
    const again = await elicitAny(server.server, { message: `Really pin #${id}?`, requestedSchema: { type: 'object', properties: {} } });
    return { content: [{ type: 'text', text: `${res.action} ${again.action}` }] };
  });
  return server;
}
