import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

class Confirmer {
  constructor(server) {
    this.server = server;
  }

  async ask(message) {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const answer = await this.server.server.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    });
    return answer.action === 'accept';
  }
}

const mcp = new McpServer({ name: 'cleanup', version: '1.0.0' });
const confirmer = new Confirmer(mcp);

mcp.registerTool('cleanup', { description: 'Remove temp files', inputSchema: { dir: z.string() } }, async ({ dir }) => {
  const ok = await confirmer.ask(`Remove temp files in ${dir}?`);
  return { content: [{ type: 'text', text: ok ? 'Removed.' : 'Kept.' }] };
});

export default mcp;
