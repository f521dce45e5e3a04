import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'approvals', version: '1.0.0' });

const timeout = (ms: number) =>
  new Promise<ElicitResult>((resolve) => setTimeout(() => resolve({ action: 'cancel' }), ms));

server.registerTool('approve_release', { description: 'Ask for release approval' }, async () => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const answer = await Promise.race([
    server.server.elicitInput({
      message: 'Approve the release?',
      requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } } },
    }),
    timeout(30_000),
  ]);
  return { content: [{ type: 'text', text: answer.action === 'accept' ? 'Approved' : 'Not approved' }] };
});

export default server;
