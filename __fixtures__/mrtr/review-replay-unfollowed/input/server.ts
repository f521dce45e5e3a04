import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const CONFIRM = { type: 'object' as const, properties: { ok: { type: 'boolean' as const } }, required: ['ok'] };
const report = { warn: (error: unknown) => console.error(error) };

export function build() {
  const server = new McpServer({ name: 'unfollowed', version: '1.0.0' });

  async function confirmTag(tag: string) {
    const answer = await server.server.elicitInput({ message: `Apply ${tag}?`, requestedSchema: CONFIRM });
    return answer.action === 'accept';
  }

  async function confirmLabel(label: string) {
    const answer = await server.server.elicitInput({ message: `Apply ${label}?`, requestedSchema: CONFIRM });
    return answer.action === 'accept';
  }

  async function confirmTitle(title: string) {
    const answer = await server.server.elicitInput({ message: `Rename to ${title}?`, requestedSchema: CONFIRM });
    return answer.action === 'accept';
  }

  // The mapped promises are never awaited together: a signal would be an unhandled rejection.
  server.registerTool('tag', { inputSchema: z.object({ tags: z.array(z.string()) }) }, async ({ tags }) => {
    tags.forEach(confirmTag);
    return { content: [{ type: 'text', text: 'tagging' }] };
  });

  // A rejection handler that is a method of another object: the planner cannot put a guard in it.
  server.registerTool('label', { inputSchema: z.object({ label: z.string() }) }, async ({ label }) => {
    const applied = await confirmLabel(label).catch(report.warn);
    return { content: [{ type: 'text', text: String(applied) }] };
  });

  // Promise.any settles on the first answer and drops the other rejections.
  server.registerTool('rename', { inputSchema: z.object({ short: z.string(), long: z.string() }) }, async ({ short, long }) => {
    const first = await Promise.any([confirmTitle(short), confirmTitle(long)]);
    return { content: [{ type: 'text', text: String(first) }] };
  });

  return server;
}
