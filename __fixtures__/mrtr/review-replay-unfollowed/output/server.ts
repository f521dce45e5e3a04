import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const CONFIRM = { type: 'object' as const, properties: { ok: { type: 'boolean' as const } }, required: ['ok'] };
const report = { warn: (error: unknown) => console.error(error) };

export function build() {
  const server = new McpServer({ name: 'unfollowed', version: '1.0.0' });

  async function confirmTag(tag: string) {
    /* @mcp-mrtr-review callback-not-followed: the function holding the ask is passed as a value to code whose calls of it the planner cannot follow (a library function, forEach, a parameter passed on or stored, mapped promises not awaited together): tags.forEach(confirmTag) at line 27: it is passed to forEach(), which is not a function declared in the project: the code that calls it back cannot be read (its effects before the call would run again on every round, a catch in it could swallow the input-required signal, it may keep the function for later) */
    const answer = await server.server.elicitInput({ message: `Apply ${tag}?`, requestedSchema: CONFIRM });
    return answer.action === 'accept';
  }

  async function confirmLabel(label: string) {
    /* @mcp-mrtr-review signal-guard-unsupported: a catch clause, rejection handler or Promise combinator between the handler and the ask cannot be made to let the input-required signal through (a destructured error, a rejection handler not declared in the project, Promise.any): the rejection handler `report.warn` at line 33 is not a function declared in the project */
    const answer = await server.server.elicitInput({ message: `Apply ${label}?`, requestedSchema: CONFIRM });
    return answer.action === 'accept';
  }

  async function confirmTitle(title: string) {
    /* @mcp-mrtr-review signal-guard-unsupported: a catch clause, rejection handler or Promise combinator between the handler and the ask cannot be made to let the input-required signal through (a destructured error, a rejection handler not declared in the project, Promise.any): Promise.any at line 39 settles on the first answer and drops the others' rejections */
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
