import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, rethrowInputRequired, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const CONFIRM = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const, title: 'Confirm' } },
  required: ['confirm'],
};

// Why each file was kept: shown by the `audit_log` tool.
const auditLog: string[] = [];

export function build() {
  const server = new McpServer({ name: 'bulk-delete', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  async function confirmDelete(path: string): Promise<string> {
    const answer = await ask.elicitInput({ message: `Delete ${path}?`, requestedSchema: CONFIRM });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) throw new Error(`kept ${path}`);
    return path;
  }

  server.registerTool(
    'delete_many',
    { description: 'Delete several files, each confirmed', inputSchema: z.object({ paths: z.array(z.string()) }) },
    withAsks(server.server, requestStateCodec, async ({ paths }) => {
      const outcomes = await Promise.allSettled(paths.map(confirmDelete)).then(rethrowInputRequired);
      const deleted: string[] = [];
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') deleted.push(outcome.value);
        else auditLog.push(outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason));
      }
      return { content: [{ type: 'text', text: `deleted: ${deleted.join(', ') || 'nothing'}` }] };
    }, { name: 'delete_many' }),
  );

  server.registerTool('audit_log', { description: 'Why files were kept' }, async () => ({
    content: [{ type: 'text', text: auditLog.join('; ') || 'empty' }],
  }));

  return server;
}
