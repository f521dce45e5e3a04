import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const CONFIRM = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const, title: 'Confirm' } },
  required: ['confirm'],
};

// Why each file was kept: shown by the `audit_log` tool.
const auditLog: string[] = [];

export function build() {
  const server = new McpServer({ name: 'bulk-delete', version: '1.0.0' });

  async function confirmDelete(path: string): Promise<string> {
    const answer = await server.server.elicitInput({ message: `Delete ${path}?`, requestedSchema: CONFIRM });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) throw new Error(`kept ${path}`);
    return path;
  }

  server.registerTool(
    'delete_many',
    { description: 'Delete several files, each confirmed', inputSchema: z.object({ paths: z.array(z.string()) }) },
    async ({ paths }) => {
      const outcomes = await Promise.allSettled(paths.map(confirmDelete));
      const deleted: string[] = [];
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') deleted.push(outcome.value);
        else auditLog.push(outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason));
      }
      return { content: [{ type: 'text', text: `deleted: ${deleted.join(', ') || 'nothing'}` }] };
    },
  );

  server.registerTool('audit_log', { description: 'Why files were kept' }, async () => ({
    content: [{ type: 'text', text: auditLog.join('; ') || 'empty' }],
  }));

  return server;
}
