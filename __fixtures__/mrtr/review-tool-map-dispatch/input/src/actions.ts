import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { confirm } from './confirm.js';

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

class NoteActions {
  constructor(private readonly extra: Extra) {}

  async remove(id: string): Promise<CallToolResult> {
    if (!(await confirm(this.extra, `Delete note ${id}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Deleted ${id}.` }] };
  }
}

export async function deleteNote(args: { [key: string]: unknown }, extra: Extra): Promise<CallToolResult> {
  return new NoteActions(extra).remove(String(args.id));
}
