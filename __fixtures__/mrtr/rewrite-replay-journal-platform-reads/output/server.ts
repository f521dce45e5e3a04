import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { createModuleLogger } from './logger.js';
import { fetchCount, openNotes } from './notes.js';
import { ask, sharedRequestStateCodec, step, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

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
  const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('publish', { inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ id }) => {
    // A logger, the settings module and a client: made again on each round, as each call made them.
    const logger = createModuleLogger(import.meta.url);
    const { defaults } = await import('./defaults.js');
    const notes = openNotes({ url: defaults.url, token: defaults.token });
    const note = await step('notes.read', () => notes.read(id));
    // Only the check is an effect: the client it is paired with stays in the condition.
    if (await step('confirmationsOn', () => confirmationsOn()) && notes) {
      const answer = await ask.elicitInput({
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
  }, { name: 'publish' }));

  return server;
}
