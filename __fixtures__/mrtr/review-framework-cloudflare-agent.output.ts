// A Cloudflare McpAgent: the tool callback asks through the agent's own elicitInput.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpAgent } from 'agents/mcp';
import { z } from 'zod';

type Env = { DEPLOYS: KVNamespace };

export class DeployAgent extends McpAgent<Env> {
  server = new McpServer({ name: 'deploy', version: '1.0.0' });

  async init() {
    this.server.registerTool('deploy', { inputSchema: { target: z.string() } }, async ({ target }) => {
      /* @mcp-mrtr-review framework-api: push-style request made through a framework (its own API, or the SDK server its handler context carries): the framework owns the handler, so this tool cannot rewrite it: Cloudflare Agents (`agents`): register the tool on a v2 McpServer served with createMcpHandler (agents/mcp/server) and return inputRequired({ inputRequests }) from it */
      const approval = await this.elicitInput({
        message: `Deploy to ${target}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      });
      if (approval.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled' }] };
      return { content: [{ type: 'text', text: `Deploying to ${target}` }] };
    });
  }
}
