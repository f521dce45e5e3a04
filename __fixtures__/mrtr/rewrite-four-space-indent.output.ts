import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
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
        const targetRequest: ElicitRequestFormParams = {
            message: `Where should ${service} go?`,
            requestedSchema: {
                type: 'object',
                properties: { env: { type: 'string', enum: ['staging', 'production'] } },
                required: ['env'],
            },
        };
        const target = inputResponse(ctx.mcpReq.inputResponses, 'deploy_target');
        if (target.kind !== 'elicit') {
            return inputRequired({ inputRequests: { deploy_target: inputRequired.elicit(targetRequest) } });
        }
        if (target.action === 'accept' && target.content) {
            const validation = fromJsonSchema(targetRequest.requestedSchema)['~standard'].validate(target.content);
            if (!(validation instanceof Promise) && validation.issues) {
                const problems = validation.issues.map((issue) => issue.message).join(', ');
                throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
            }
        }
        if (target.action !== 'accept') return { content: [{ type: 'text', text: 'Not deployed.' }] };
        return { content: [{ type: 'text', text: `Deployed ${service} to ${String(target.content?.env)}.` }] };
    });

    return server;
}
