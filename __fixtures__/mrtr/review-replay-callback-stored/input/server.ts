import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const CONFIRM = { type: 'object' as const, properties: { ok: { type: 'boolean' as const } }, required: ['ok'] };

type Confirm = () => Promise<boolean>;
const queued: Confirm[] = [];

/** Keep a confirmation to run when the batch is flushed. */
function later(confirm: Confirm): void {
  queued.push(confirm);
}

/** Start a confirmation and carry on without waiting for it. */
function inBackground(confirm: Confirm): void {
  void confirm();
}

const pending: Promise<unknown>[] = [];

/** Keep a promise for the status page: nothing waits for it. */
function track<T>(promise: Promise<T>): void {
  pending.push(promise);
}

/** The value, or undefined when it fails: its catch would keep the input-required signal. */
async function orNothing<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await promise;
  } catch {
    return undefined;
  }
}

interface Helpers {
  confirm(message: string): Promise<boolean>;
}

class Session {
  private helpers?: Helpers;
  attach(helpers: Helpers): void {
    this.helpers = helpers;
  }
  async check(message: string): Promise<boolean> {
    return this.helpers ? this.helpers.confirm(message) : false;
  }
}
const session = new Session();

export function build() {
  const server = new McpServer({ name: 'batches', version: '1.0.0' });

  // The confirmation is kept for the flush, after this call has answered.
  server.registerTool('queue', { inputSchema: z.object({ item: z.string() }) }, async ({ item }) => {
    later(async () => {
      const answer = await server.server.elicitInput({ message: `Ship ${item}?`, requestedSchema: CONFIRM });
      return answer.action === 'accept';
    });
    return { content: [{ type: 'text', text: `queued ${item}` }] };
  });

  // inBackground starts the confirmation and does not wait for it.
  server.registerTool('background', { inputSchema: z.object({ item: z.string() }) }, async ({ item }) => {
    inBackground(async () => {
      const answer = await server.server.elicitInput({ message: `Archive ${item}?`, requestedSchema: CONFIRM });
      return answer.action === 'accept';
    });
    return { content: [{ type: 'text', text: `archiving ${item}` }] };
  });

  // Called without waiting: the ask would outlive the round.
  async function archiveNow(item: string) {
    const answer = await server.server.elicitInput({ message: `Archive ${item} now?`, requestedSchema: CONFIRM });
    return answer.action === 'accept';
  }

  server.registerTool('archive', { inputSchema: z.object({ item: z.string() }) }, async ({ item }) => {
    void archiveNow(item);
    return { content: [{ type: 'text', text: `archiving ${item}` }] };
  });

  // The ask's promise is handed to a helper that keeps it and does not wait for it.
  server.registerTool('label', { inputSchema: z.object({ item: z.string() }) }, async ({ item }) => {
    track(server.server.elicitInput({ message: `Label ${item}?`, requestedSchema: CONFIRM }));
    return { content: [{ type: 'text', text: `labelling ${item}` }] };
  });

  // The helper waits for the ask's promise, but inside a try whose catch the planner does not guard.
  server.registerTool('rate', { inputSchema: z.object({ item: z.string() }) }, async ({ item }) => {
    const answer = await orNothing(server.server.elicitInput({ message: `Rate ${item}?`, requestedSchema: CONFIRM }));
    return { content: [{ type: 'text', text: answer?.action ?? 'no answer' }] };
  });

  // The helpers are kept by the session and called by a later tool call.
  server.registerTool('attach', {}, async () => {
    session.attach({
      confirm: async (message) => {
        const answer = await server.server.elicitInput({ message, requestedSchema: CONFIRM });
        return answer.action === 'accept';
      },
    });
    return { content: [{ type: 'text', text: 'attached' }] };
  });

  server.registerTool('flush', {}, async () => {
    let shipped = 0;
    for (const confirm of queued.splice(0)) if (await confirm()) shipped++;
    const checked = await session.check('Check?');
    return { content: [{ type: 'text', text: `${shipped} ${checked}` }] };
  });

  return server;
}
