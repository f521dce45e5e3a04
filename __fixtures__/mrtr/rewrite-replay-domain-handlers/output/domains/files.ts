import type { CallToolResult, ServerContext, Tool } from '@modelcontextprotocol/server';
import type { DomainHandler } from '../types.js';
import { ask } from '../mcp-mrtr-runtime.js';

const removed: string[] = [];

function tools(): Tool[] {
  return [
    { name: 'files_remove', description: 'Remove a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
    { name: 'files_removed', description: 'Files removed so far', inputSchema: { type: 'object', properties: {} } },
  ];
}

async function handleCall(toolName: string, args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> {
  if (toolName === 'files_removed') return { content: [{ type: 'text', text: removed.join(', ') || '(none)' }] };
  const path = String(args.path ?? '');
  // Removing cannot be undone: the user confirms first.
  const answer = await ask.elicitInput({
    message: `Remove ${path}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'Remove' } }, required: ['ok'] },
  });
  if (answer.action !== 'accept' || answer.content?.ok !== true) return { content: [{ type: 'text', text: `Kept ${path}.` }] };
  removed.push(path);
  return { content: [{ type: 'text', text: `Removed ${path}.` }] };
}

export const filesHandler: DomainHandler = { tools, handleCall };
