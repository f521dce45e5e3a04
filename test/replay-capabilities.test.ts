// A capability check written before an ask, in a helper the replayed handler calls
// (`server.getClientCapabilities()?.sampling`), reads the capabilities of the request being handled, as the ask
// does: over stdio in the 2026 era the SDK never sets the initialize capabilities (serveStdio serves each request
// on its own), so without the runtime's round the check found nothing and the tool never asked. Run as its users
// run it: `node entry.mjs` over stdio, the v2 client in both eras.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayRuntimeSource } from '../transforms/mrtr/replay/replayRuntime.js';
import { REPO_ROOT } from './support/fixtures.js';
import { runOverStdio, type Call, type ClientScript } from './support/equivalence.js';

const SERVER = `import { McpServer, createRequestStateCodec } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod/v4';
import { ask, withAsks } from './mcp-mrtr-runtime.mjs';

const codec = createRequestStateCodec({ key: process.env.MCP_REQUEST_STATE_SECRET ?? '', bind: (ctx) => ctx.mcpReq.method });

// The check the server wrote before its ask, in a helper of its own.
function canSample(server) {
  return server.getClientCapabilities()?.sampling !== undefined;
}

function build() {
  const server = new McpServer({ name: 'caps', version: '1.0.0' }, { requestState: { verify: codec.verify } });
  server.registerTool('summarise', { inputSchema: z.object({ text: z.string() }) }, withAsks(server.server, codec, async ({ text }) => {
    if (!canSample(server.server)) return { content: [{ type: 'text', text: 'no sampling: ' + text }] };
    const reply = await ask.createMessage({ messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 20 });
    return { content: [{ type: 'text', text: reply.content.type === 'text' ? reply.content.text : '' }] };
  }, { name: 'summarise' }));
  return server;
}

serveStdio(() => build());
`;

const CALLS: Call[] = [{ kind: 'tool', name: 'summarise', args: { text: 'a long note' } }];
const SCRIPT: ClientScript = {
  sample: () => ({ role: 'assistant', content: { type: 'text', text: 'A short note.' }, model: 'test-model' }),
};

/** The server and its runtime in a folder under node_modules/.cache, so that the SDK resolves from this project. */
function serverEntry(): string {
  const dir = path.join(REPO_ROOT, 'node_modules', '.cache', 'mrtr-replay-capabilities');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'mcp-mrtr-runtime.mjs'), replayRuntimeSource({ typescript: false, module: 'esm' }));
  fs.writeFileSync(path.join(dir, 'server.mjs'), SERVER);
  return path.join(dir, 'server.mjs');
}

describe('a capability check before a replayed ask', () => {
  it('reads the request being handled: over stdio the 2026-era call asks, as the 2025-era one does', async () => {
    const entry = serverEntry();
    for (const era of ['2025', '2026'] as const) {
      const transcript = await runOverStdio(entry, era, CALLS, SCRIPT);
      expect(
        transcript.questions.map((q) => q.method),
        era,
      ).toEqual(['sampling/createMessage']);
      expect(transcript.results, era).toEqual([{ content: [{ type: 'text', text: 'A short note.' }] }]);
    }
    // A client that cannot sample: the check says so in both eras, and nothing is asked.
    for (const era of ['2025', '2026'] as const) {
      const transcript = await runOverStdio(entry, era, CALLS, SCRIPT, { capabilities: { elicitation: {} } });
      expect(transcript.questions, era).toEqual([]);
      expect(transcript.results, era).toEqual([{ content: [{ type: 'text', text: 'no sampling: a long note' }] }]);
    }
  });
});
