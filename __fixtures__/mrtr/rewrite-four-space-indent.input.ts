import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * Four-space indentation, with JSDoc blocks whose continuation lines start with one space: the
 * rewritten code must use four spaces too.
 */
export function build() {
    const server = new McpServer({ name: 'style', version: '2.0.0' });

    /**
     * Ask which environment to deploy to.
     */
    server.registerTool('deploy', { inputSchema: z.object({ service: z.string() }) }, async ({ service }, ctx) => {
        const target = await ctx.mcpReq.elicitInput({
            message: `Where should ${service} go?`,
            requestedSchema: {
                type: 'object',
                properties: { env: { type: 'string', enum: ['staging', 'production'] } },
                required: ['env'],
            },
        });
        if (target.action !== 'accept') return { content: [{ type: 'text', text: 'Not deployed.' }] };
        return { content: [{ type: 'text', text: `Deployed ${service} to ${String(target.content?.env)}.` }] };
    });

    return server;
}
