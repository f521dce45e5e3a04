import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import { ask } from './mcp-mrtr-runtime.js';

const notes = new Map([
  ['n1', 'Buy milk'],
  ['expired', 'Last year'],
]);

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

/** Deletes a note; asks first when a request's context is given (a tool call), not for the sweep. */
export async function deleteNote(id: string, ctx?: ServerContext): Promise<CallToolResult> {
  if (!notes.has(id)) return text(`No note ${id}.`);
  if (ctx?.mcpReq) {
    const answer = await ask.elicitInput({
      mode: 'form',
      message: `Delete note ${id}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return text('Kept.');
  }
  notes.delete(id);
  return text(`Deleted note ${id}.`);
}

/** Removes the notes given, without asking. */
export async function sweep(ids: string[]): Promise<void> {
  for (const id of ids) await deleteNote(id);
}
