import { ElicitResultSchema, ListRootsResultSchema } from '@modelcontextprotocol/core';
import { McpServer, type Server } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, isInputRequiredSignal, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

/** What the helper asks: a project interface, with no task (the client answers with the result itself). */
interface ElicitParams {
  message: string;
  requestedSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
}

/** A raw elicitation request on the low-level server, its params handed in typed. */
async function elicit(server: Server, p: ElicitParams): Promise<{ action: string; content?: Record<string, unknown> }> {
  try {
    const res = await ask.request({ method: 'elicitation/create', params: p }, ElicitResultSchema);
    return { action: res.action, content: res.content };
  } catch (err) {
    if (isInputRequiredSignal(err)) throw err;
    return { action: 'unsupported', content: { reason: err instanceof Error ? err.message : String(err) } };
  }
}

/** The client's roots, empty when it has none to give. */
async function rootsOf(server: Server): Promise<string[]> {
  try {
    const res = await ask.request({ method: 'roots/list', params: {} }, ListRootsResultSchema);
    return res.roots.map((r) => r.uri);
  } catch (error) {
    if (isInputRequiredSignal(error)) throw error;
    return [];
  }
}

/** Confirm forgetting a memory: a question built apart and handed to the helper. */
async function confirmForget(server: Server, id: number): Promise<boolean> {
  const question: ElicitParams = {
    message: `Forget memory #${id}?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  };
  const res = await elicit(server, question);
  return res.action === 'accept' && res.content?.confirm === true;
}

export function build(): McpServer {
  const server = new McpServer({ name: 'memory', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  server.registerTool('forget', { description: 'Forget a memory', inputSchema: z.object({ id: z.number() }) }, withAsks(server.server, requestStateCodec, async ({ id }) => {
    const roots = await rootsOf(server.server);
    const forgotten = await confirmForget(server.server, id);
    return { content: [{ type: 'text', text: `${forgotten ? 'forgot' : 'kept'} #${id} (roots: ${roots.join(', ') || 'none'})` }] };
  }, { name: 'forget' }));
  return server;
}
