import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const server = new McpServer({ name: 'deploy', version: '1.0.0' });

// Old-style tool(name, description, paramsSchema, cb): the context is the second parameter.
server.tool('deploy', 'Deploy a service', { service: z.string() }, async ({ service }, extra) => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const answer = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: {
        message: `Deploy ${service} to production?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      },
    },
    ElicitResultSchema,
  );
  const ok = answer.action === 'accept' && answer.content?.ok === true;
  return { content: [{ type: 'text', text: ok ? `Deploying ${service}` : 'Not deployed' }] };
});

export default server;
