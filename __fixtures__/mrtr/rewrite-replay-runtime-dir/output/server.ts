import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirm } from './lib/confirm.js';
import { reasonFor } from './lib/nested/reason.js';
import { clientCapabilities, sharedRequestStateCodec, withAsks } from './generated/mrtr/mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'archive', version: '1.2.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('archive', { inputSchema: z.object({ project: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ project }) => {
    if (!(await confirm(server, `Archive ${project}?`))) return { content: [{ type: 'text', text: 'kept' }] };
    return { content: [{ type: 'text', text: `archived ${project}: ${await reasonFor(server, `archive ${project}`)}` }] };
  }, { name: 'archive' }));

  server.registerPrompt('why', { argsSchema: { action: z.string() } }, withAsks(server.server, requestStateCodec, async ({ action }) => {
    const caps = clientCapabilities();
    const text = caps?.sampling ? await reasonFor(server, action) : 'no reason';
    return { messages: [{ role: 'user', content: { type: 'text', text } }] };
  }, { name: 'why' }));

  return server;
}
