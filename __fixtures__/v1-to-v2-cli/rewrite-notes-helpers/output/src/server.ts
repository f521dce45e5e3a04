import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmAction } from './helpers/confirm.js';
import { summarize } from './helpers/summarize.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

// The store outlives any one server instance (2026-era HTTP builds one per request).
const notes: Record<string, string> = { '1': 'Buy milk, eggs and bread before the shop closes at six.', '2': 'Call the plumber.' };

export function build(): McpServer {
  const server = new McpServer({ name: 'notes-helpers', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });

  server.registerTool('delete_note', { description: 'Delete a note after confirmation', inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ id }) => {
    if (!(id in notes)) return { ...text(`No note ${id}`), isError: true };
    if (!(await confirmAction(server, `Delete note ${id}?`))) return text('Kept.');
    delete notes[id];
    return text(`Deleted note ${id}.`);
  }, { name: 'delete_note' }));

  server.registerTool('clear_notes', { description: 'Delete every note after confirmation' }, withAsks(server.server, requestStateCodec, async () => {
    if (!(await confirmAction(server, `Delete all ${Object.keys(notes).length} notes?`))) return text('Kept.');
    for (const id of Object.keys(notes)) delete notes[id];
    return text('Cleared.');
  }, { name: 'clear_notes' }));

  server.registerTool('summarize_note', { description: "Summarize a note with the client's model", inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ id }) => {
    const note = notes[id];
    if (note === undefined) return { ...text(`No note ${id}`), isError: true };
    return text((await summarize(server, note)) ?? note);
  }, { name: 'summarize_note' }));

  return server;
}
