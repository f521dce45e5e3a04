import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

/** A chat session: an object with behaviour, which JSON cannot carry from one round to the next. */
class Session {
  constructor(readonly user: string) {}

  send(text: string): string {
    return `${this.user} <- ${text}`;
  }
}

class Sessions {
  opened = 0;

  async open(user: string): Promise<Session> {
    this.opened++;
    return new Session(user);
  }
}

const sessions = new Sessions();

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  /* @mcp-mrtr-review replay-effect-not-journalable: an effect runs before an ask on a replayed path, and its result cannot be journaled (a class instance with behaviour, a stream, a function, a handle, a promise awaited later, or in a function that is not async): replayed, it would run again on every round: `await sessions.open(user)` at server.ts:36 gives an instance of the class `Session` */
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

export function build() {
  const server = new McpServer({ name: 'chat', version: '1.0.0' });

  server.registerTool('greet', { inputSchema: z.object({ user: z.string() }) }, async ({ user }, ctx) => {
    const session = await sessions.open(user);
    if (!(await confirm(ctx, `Greet ${user}?`))) return { content: [{ type: 'text', text: 'Not sent.' }] };
    return { content: [{ type: 'text', text: session.send('hello') }] };
  });

  server.registerTool('preview', { inputSchema: z.object({ url: z.string() }) }, async ({ url }, ctx) => {
    const response = await fetch(url);
    /* @mcp-mrtr-review replay-effect-not-journalable: an effect runs before an ask on a replayed path, and its result cannot be journaled (a class instance with behaviour, a stream, a function, a handle, a promise awaited later, or in a function that is not async): replayed, it would run again on every round: `await fetch(url)` at server.ts:42 gives a fetch Response (a stream) */
    const answer = await ctx.mcpReq.elicitInput({
      message: `Preview ${url} (${response.status})?`,
      requestedSchema: { type: 'object', properties: {} },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Skipped.' }] };
    return { content: [{ type: 'text', text: (await response.text()).slice(0, 200) }] };
  });

  return server;
}
