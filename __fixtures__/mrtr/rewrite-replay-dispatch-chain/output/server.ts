import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { dispatch } from './actions.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'ops-console', version: '5.2.0' }, { requestState: { verify: requestStateCodec.verify } });
  server.registerTool(
    'run_action',
    { description: 'Run an operations action', inputSchema: z.object({ action: z.enum(['restart', 'drain']), target: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ action, target }) => ({ content: [{ type: 'text', text: await dispatch(server, action, target) }] }), { name: 'run_action' }),
  );
  return server;
}
