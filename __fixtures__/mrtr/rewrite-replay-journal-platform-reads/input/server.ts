import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { createModuleLogger } from './logger.js';
import { fetchCount, openNotes } from './notes.js';

const CONFIRM = { type: 'object' as const, properties: { ok: { type: 'boolean' as const } }, required: ['ok'] };

let published = 0;
let checks = 0;

/** Whether confirmations are on (counted: a check the service bills). */
function confirmationsOn(): boolean {
  checks++;
  return true;
}

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { fetched: fetchCount(), published, checks };
}

export function build() {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });

  server.registerTool('publish', { inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
    // A logger, the settings module and a client: made again on each round, as each call made them.
    const logger = createModuleLogger(import.meta.url);
    const { defaults } = await import('./defaults.js');
    const notes = openNotes({ url: defaults.url, token: defaults.token });
    const note = await notes.read(id);
    // Only the check is an effect: the client it is paired with stays in the condition.
    if (confirmationsOn() && notes) {
      const answer = await server.server.elicitInput({
        message: `Publish "${note.title}" (${note.words} words)?`,
        requestedSchema: CONFIRM,
      });
      if (answer.action !== 'accept' || answer.content?.ok !== true) {
        logger.warn(`not publishing ${id}`);
        return { content: [{ type: 'text', text: 'kept as a draft' }] };
      }
    }
    published++;
    logger.info(`published ${id}`);
    return { content: [{ type: 'text', text: `published ${note.title}` }] };
  });

  return server;
}
