import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function build() {
    const server = new McpServer({ name: 'tasks', version: '2.0.0' });

    /**
     * A task-augmented elicitation with its own result schema: the client may answer with a task instead of
     * the result, so the explicit form (which expects the plain answer) does not apply.
     */
    server.registerTool('slow_form', { inputSchema: z.object({}) }, async (_args, ctx) => {
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
