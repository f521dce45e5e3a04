import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const PUBLISH = {
  type: 'object' as const,
  properties: { publish: { type: 'boolean' as const, title: 'Publish now?' } },
  required: ['publish'],
};

export function build() {
  const server = new McpServer({ name: 'blog', version: '2.0.0' });

  server.registerTool(
    'publish_post',
    { description: 'Publish a post with a generated teaser', inputSchema: z.object({ slug: z.string() }) },
    async ({ slug }, ctx) => {
      // Both questions go out at once: one MRTR round with two keys.
      const [decision, teaser] = await Promise.all([
        ctx.mcpReq.elicitInput({ message: `Publish ${slug}?`, requestedSchema: PUBLISH }),
        ctx.mcpReq.requestSampling({
          messages: [{ role: 'user', content: { type: 'text', text: `Write a one-line teaser for ${slug}` } }],
          maxTokens: 40,
        }),
      ]);
      const line = !Array.isArray(teaser.content) && teaser.content.type === 'text' ? teaser.content.text : '';
      if (decision.action !== 'accept' || decision.content?.publish !== true) {
        return { content: [{ type: 'text', text: `Draft kept. Teaser: ${line}` }] };
      }
      return { content: [{ type: 'text', text: `Published ${slug}. Teaser: ${line}` }] };
    },
  );

  return server;
}
