import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'reviews', version: '2.0.0' });

  server.registerPrompt(
    'code_review',
    { description: 'Review code with a focus the user picks', argsSchema: z.object({ language: z.string() }) },
    async ({ language }, ctx) => {
      const preference = await ctx.mcpReq.elicitInput({
        message: `What should the ${language} review focus on?`,
        requestedSchema: {
          type: 'object',
          properties: { focus: { type: 'string', enum: ['security', 'performance', 'readability'] } },
          required: ['focus'],
        },
      });
      const focus = preference.action === 'accept' ? String(preference.content?.focus) : 'overall quality';
      return {
        description: `${language} review`,
        messages: [{ role: 'user', content: { type: 'text', text: `Review the following ${language} code for ${focus}.` } }],
      };
    },
  );

  return server;
}
