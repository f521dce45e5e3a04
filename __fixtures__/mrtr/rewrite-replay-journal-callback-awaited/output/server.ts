import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, isInputRequiredSignal, sharedRequestStateCodec, step, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const CONFIRM = { type: 'object' as const, properties: { ok: { type: 'boolean' as const } }, required: ['ok'] };

let audits = 0;
let runs = 0;

export function effectCounts() {
  return { audits, runs };
}

/**
 * Run a step under an audit record.
 *
 * @param label - what the step is called in the audit log
 * @param work - the step itself, run once
 */
async function audited<T>(label: string, work: () => Promise<T>): Promise<T> {
  await step('audits++', () => audits++);
  try {
    return await work();
  } catch (error) {
    if (isInputRequiredSignal(error)) throw error;
    console.error(`${label} failed`, error);
    throw error;
  }
}

/** The answer, or an error after `ms` milliseconds. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** The same, written with the promise's own callbacks. */
function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

interface Helpers {
  confirm(message: string): Promise<boolean>;
}

async function runPlan(steps: string[], helpers: Helpers): Promise<string[]> {
  await step('runs++', () => runs++);
  const done: string[] = [];
  for (const s of steps) if (await helpers.confirm(`Run ${s}?`)) done.push(s);
  return done;
}

export function build() {
  const server = new McpServer({ name: 'plans', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('deploy', { inputSchema: z.object({ target: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ target }) => {
    const ok = await audited('deploy', async () => {
      const answer = await ask.elicitInput({ message: `Deploy to ${target}?`, requestedSchema: CONFIRM });
      return answer.action === 'accept' && answer.content?.ok === true;
    });
    return { content: [{ type: 'text', text: ok ? `deployed ${target}` : 'cancelled' }] };
  }, { name: 'deploy' }));

  server.registerTool('plan', { inputSchema: z.object({ steps: z.array(z.string()) }) }, withAsks(server.server, requestStateCodec, async ({ steps }) => {
    const done = await runPlan(steps, {
      confirm: async (message) => {
        const answer = await ask.elicitInput({ message, requestedSchema: CONFIRM });
        return answer.action === 'accept' && answer.content?.ok === true;
      },
    });
    return { content: [{ type: 'text', text: done.join(', ') || 'nothing' }] };
  }, { name: 'plan' }));

  // The ask's promise is handed to helpers that wait for it: it settles within the round.
  server.registerTool('rename', { inputSchema: z.object({ from: z.string(), to: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ from, to }) => {
    const first = await withTimeout(ask.elicitInput({ message: `Rename ${from}?`, requestedSchema: CONFIRM }), 60_000);
    const second = await settleWithin(ask.elicitInput({ message: `Use ${to}?`, requestedSchema: CONFIRM }), 60_000);
    return { content: [{ type: 'text', text: `${first.action} ${second.action}` }] };
  }, { name: 'rename' }));

  return server;
}
