import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { deleteNote, type Extra } from './actions.js';

type ToolHandler = (args: { [key: string]: unknown }, extra: Extra) => Promise<CallToolResult>;

export const handlers: { [name: string]: ToolHandler } = {
  delete_note: deleteNote,
};
