import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { counts, optimize, supportsSampling } from './lib.js';
import { ask, sharedRequestStateCodec, step, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { checks: counts.checks };
}

async function review(server: McpServer, hints: string[]): Promise<string> {
  const reply = await ask.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Review these hints: ${hints.join('; ')}` } }],
    maxTokens: 50,
  });
  return reply.content.type === 'text' ? reply.content.text : '';
}

export function build() {
  const server = new McpServer({ name: 'orator', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('optimize', { inputSchema: z.object({ prompt: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ prompt }) => {
    const result = optimize(prompt);
    // The branch reads result.analysis as defined: what the left operand narrows must stay in the condition.
    if (result.analysis?.hints.length && await step('supportsSampling', () => supportsSampling(server.server))) {
      result.analysis.note = await review(server, result.analysis.hints);
    }
    return { content: [{ type: 'text', text: JSON.stringify(result) }] };
  }, { name: 'optimize' }));

  return server;
}
