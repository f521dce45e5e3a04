import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { confirm } from '../confirm.js';
import type { AreaHandler } from '../types.js';

const notes = new Map<number, string>([
  [1, 'buy milk'],
  [2, 'call Ada'],
]);

function getTools(): Tool[] {
  return [
    { name: 'notes_delete', description: 'Delete a note', inputSchema: { type: 'object', properties: { id: { type: 'number' } } } },
    { name: 'notes_list', description: 'List the notes', inputSchema: { type: 'object', properties: {} } },
  ];
}

async function handleCall(toolName: string, args: Record<string, unknown>): Promise<CallToolResult> {
  if (toolName === 'notes_list') {
    return { content: [{ type: 'text', text: [...notes].map(([id, text]) => `#${id} ${text}`).join('\n') || '(none)' }] };
  }
  const id = Number(args.id);
  if (!notes.has(id)) return { content: [{ type: 'text', text: `No note #${id}.` }], isError: true };
  // Deleting cannot be undone: confirm first (a client that cannot be asked deletes, as before).
  const confirmed = await confirm(`Delete note #${id} (${notes.get(id)})?`);
  if (confirmed === false) return { content: [{ type: 'text', text: `Kept note #${id}.` }] };
  notes.delete(id);
  return { content: [{ type: 'text', text: `Deleted note #${id}.` }] };
}

export const notesHandler: AreaHandler = { getTools, handleCall };
