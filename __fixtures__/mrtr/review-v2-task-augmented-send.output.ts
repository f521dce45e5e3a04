import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function build() {
    const server = new McpServer({ name: 'tasks', version: '2.0.0' });

    /**
     * A task-augmented elicitation with its own result schema: the client may answer with a task instead of
     * the result, so the explicit form (which expects the plain answer) does not apply.
     */
    server.registerTool('slow_form', { inputSchema: z.object({}) }, async (_args, ctx) => {
        /* @mcp-mrtr-review task-augmented: a task-augmented request (`params.task`): the client answers with a task to poll, not with the result; the experimental tasks feature was removed in the v2 SDK (SEP-2663) and MRTR has no form for it */
        const response = await ctx.mcpReq.send(
            {
                method: 'elicitation/create',
                params: { task: { ttl: 600000 }, message: 'Fill this in when you can', requestedSchema: { type: 'object', properties: {} } },
            },
            z.union([z.object({ task: z.object({ taskId: z.string() }) }), z.object({ action: z.string() })]),
        );
        return { content: [{ type: 'text', text: 'task' in response ? `task ${response.task.taskId}` : response.action }] };
    });

    return server;
}
