import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'oauth', version: '1.0.0' });
const pending = new Map<string, () => Promise<void>>();

server.registerTool('connect_account', { description: 'Link a third-party account' }, async () => {
  const elicitationId = randomUUID();
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  pending.set(elicitationId, server.server.createElicitationCompletionNotifier(elicitationId));
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const answer = await server.server.elicitInput({
    mode: 'url',
    message: 'Sign in to link your account',
    url: `https://auth.example.com/start?state=${elicitationId}`,
    elicitationId,
  });
  return { content: [{ type: 'text', text: answer.action }] };
});

export default server;
