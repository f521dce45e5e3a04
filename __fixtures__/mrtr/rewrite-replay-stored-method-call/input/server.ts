import { McpServer, type Server } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

type Schema = { type: 'object'; properties: Record<string, { type: 'string' }>; required: string[] };

/** Asks for missing values; the server's method is read once, then called on the server. */
function createElicitationHelper(server: Server) {
  let supported = true;

  async function elicit(message: string, requestedSchema: Schema, timeoutMs = 30_000) {
    if (!supported) return { ok: false, error: 'elicitation-unsupported' };
    try {
      const elicitMethod = server.elicitInput;
      if (typeof elicitMethod !== 'function') {
        supported = false;
        throw new Error('elicitInput-not-available');
      }
      const res = await elicitMethod.call(server, /* the form */ { message, requestedSchema }, { timeout: timeoutMs });
      if (res.action === 'accept') return { ok: true, value: res.content };
      return { ok: false, error: res.action };
    } catch (e) {
      // A client without elicitation: the tool goes on without the values.
      return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  }

  /** The same, through a loosely typed read of the method (a cast on the receiver and on the method). */
  async function confirm(message: string): Promise<boolean> {
    const ask = (server as unknown as Record<string, unknown>)?.elicitInput;
    if (typeof ask !== 'function') return false;
    const answer = await (ask as (p: unknown) => Promise<{ action: string; content?: { ok?: boolean } }>).call(server, {
      message,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return answer.action === 'accept' && answer.content?.ok === true;
  }

  return { elicit, confirm };
}

export function build() {
  const server = new McpServer({ name: 'editor', version: '1.0.0' });
  const helper = createElicitationHelper(server.server);

  server.registerTool(
    'spawn_actor',
    { description: 'Spawn an actor, asking for a missing name', inputSchema: z.object({ name: z.string().optional() }) },
    async ({ name }) => {
      let actor = name;
      if (!actor) {
        const answer = await helper.elicit('Which actor?', {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
        });
        if (answer.ok && answer.value && typeof answer.value.name === 'string') actor = answer.value.name;
      }
      if (!actor) return { content: [{ type: 'text', text: 'No actor named.' }], isError: true };
      return { content: [{ type: 'text', text: `Spawned ${actor}.` }] };
    },
  );

  server.registerTool(
    'delete_level',
    { description: 'Delete a level after confirmation', inputSchema: z.object({ level: z.string() }) },
    async ({ level }) => {
      if (!(await helper.confirm(`Delete ${level}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
      return { content: [{ type: 'text', text: `Deleted ${level}.` }] };
    },
  );

  return server;
}
