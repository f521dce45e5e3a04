import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { confirmAction } from './helpers/confirm.js';
import { summarize } from './helpers/summarize.js';

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

// The store outlives any one server instance (2026-era HTTP builds one per request).
const notes: Record<string, string> = { '1': 'Buy milk, eggs and bread before the shop closes at six.', '2': 'Call the plumber.' };

export function build(): McpServer {
  const server = new McpServer({ name: 'notes-helpers', version: '1.0.0' }, { capabilities: { tools: {} } });

  server.registerTool('delete_note', { description: 'Delete a note after confirmation', inputSchema: { id: z.string() } }, async ({ id }) => {
    if (!(id in notes)) return { ...text(`No note ${id}`), isError: true };
    if (!(await confirmAction(server, `Delete note ${id}?`))) return text('Kept.');
    delete notes[id];
    return text(`Deleted note ${id}.`);
  });

  server.registerTool('clear_notes', { description: 'Delete every note after confirmation' }, async () => {
    if (!(await confirmAction(server, `Delete all ${Object.keys(notes).length} notes?`))) return text('Kept.');
    for (const id of Object.keys(notes)) delete notes[id];
    return text('Cleared.');
  });

  server.registerTool('summarize_note', { description: "Summarize a note with the client's model", inputSchema: { id: z.string() } }, async ({ id }) => {
    const note = notes[id];
    if (note === undefined) return { ...text(`No note ${id}`), isError: true };
    return text((await summarize(server, note)) ?? note);
  });

  return server;
}
