// A Cloudflare McpAgent: the tool callback asks through the agent's own elicitInput.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpAgent } from 'agents/mcp';
import { z } from 'zod';

type Env = { DEPLOYS: KVNamespace };

export class DeployAgent extends McpAgent<Env> {
  server = new McpServer({ name: 'deploy', version: '1.0.0' });

  async init() {
    this.server.registerTool('deploy', { inputSchema: { target: z.string() } }, async ({ target }) => {
      const approval = await this.elicitInput({
        message: `Deploy to ${target}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      });
      if (approval.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled' }] };
      return { content: [{ type: 'text', text: `Deploying to ${target}` }] };
    });
  }
}
