import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

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
  audits++;
  try {
    return await work();
  } catch (error) {
    console.error(`${label} failed`, error);
    throw error;
  }
}

interface Helpers {
  confirm(message: string): Promise<boolean>;
}

async function runPlan(steps: string[], helpers: Helpers): Promise<string[]> {
  runs++;
  const done: string[] = [];
  for (const s of steps) if (await helpers.confirm(`Run ${s}?`)) done.push(s);
  return done;
}

export function build() {
  const server = new McpServer({ name: 'plans', version: '1.0.0' });

  server.registerTool('deploy', { inputSchema: z.object({ target: z.string() }) }, async ({ target }) => {
    const ok = await audited('deploy', async () => {
      const answer = await server.server.elicitInput({ message: `Deploy to ${target}?`, requestedSchema: CONFIRM });
      return answer.action === 'accept' && answer.content?.ok === true;
    });
    return { content: [{ type: 'text', text: ok ? `deployed ${target}` : 'cancelled' }] };
  });

  server.registerTool('plan', { inputSchema: z.object({ steps: z.array(z.string()) }) }, async ({ steps }) => {
    const done = await runPlan(steps, {
      confirm: async (message) => {
        const answer = await server.server.elicitInput({ message, requestedSchema: CONFIRM });
        return answer.action === 'accept' && answer.content?.ok === true;
      },
    });
    return { content: [{ type: 'text', text: done.join(', ') || 'nothing' }] };
  });

  return server;
}
