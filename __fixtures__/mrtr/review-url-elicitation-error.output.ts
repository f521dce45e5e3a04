import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'billing', version: '1.0.0' });
const linked = new Set<string>();

server.registerTool('charge', { description: 'Charge the linked card' }, async (extra) => {
  if (!extra.sessionId || !linked.has(extra.sessionId)) {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    throw new UrlElicitationRequiredError([
      {
        mode: 'url',
        message: 'Link a payment method first',
        url: 'https://billing.example.com/link',
        elicitationId: randomUUID(),
      },
    ]);
  }
  return { content: [{ type: 'text', text: 'Charged.' }] };
});

export default server;
