import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'approvals', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  // Two approvers in turn, then the owner: a loop counter before a later ask.
  server.registerTool(
    'approve',
    { description: 'Collect two approvals, then the owner', inputSchema: z.object({ change: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ change }) => {
      let approvals = 0;
      for (let i = 0; i < 2; i++) {
        const answer = await ask.elicitInput({
          message: `Approver ${i + 1}: approve ${change}?`,
          requestedSchema: { type: 'object', properties: {} },
        });
        if (answer.action !== 'accept') break;
        approvals += 1;
      }
      const owner = await ask.elicitInput({
        message: `Owner: ship ${change} with ${approvals} approvals?`,
        requestedSchema: { type: 'object', properties: {} },
      });
      return { content: [{ type: 'text', text: `${change}: ${approvals} approvals, owner ${owner.action}` }] };
    }, { name: 'approve' }),
  );

  return server;
}
