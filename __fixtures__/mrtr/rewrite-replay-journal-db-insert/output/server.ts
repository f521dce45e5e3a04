import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, step, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

interface Note {
  id: number;
  title: string;
  tags: string[];
}

/** An in-memory table: each insert gets the next id (inserting twice stores a duplicate). */
class NoteTable {
  private readonly rows = new Map<number, Note>();
  inserts = 0;

  insert(title: string, tags: string[]): number {
    this.inserts++;
    const id = this.rows.size + 1;
    this.rows.set(id, { id, title, tags });
    return id;
  }

  get(id: number): Note | undefined {
    return this.rows.get(id);
  }

  count(): number {
    return this.rows.size;
  }
}

const notes = new NoteTable();

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { inserts: notes.inserts, rows: notes.count() };
}

export function build() {
  const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('add_note', { inputSchema: z.object({ title: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ title }, ctx) => {
    const tagged = await ask.elicitInput({
      message: `Tags for "${title}"?`,
      requestedSchema: { type: 'object', properties: { tags: { type: 'string' } }, required: ['tags'] },
    });
    const tags = tagged.action === 'accept' ? String(tagged.content?.tags).split(',') : [];
    const id = await step('notes.insert', () => notes.insert(title, tags));
    const stored = notes.get(id);
    const shared = await ask.elicitInput({
      message: `Share note ${id} (${stored?.tags.length ?? 0} tags)?`,
      requestedSchema: { type: 'object', properties: { share: { type: 'boolean' } }, required: ['share'] },
    });
    const share = shared.action === 'accept' && shared.content?.share === true;
    return { content: [{ type: 'text', text: `Note ${id} of ${notes.count()}${share ? ', shared' : ''}.` }] };
  }, { name: 'add_note' }));

  return server;
}
