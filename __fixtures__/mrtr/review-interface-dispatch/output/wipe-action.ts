import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Action } from './action.js';

export class WipeAction implements Action {
  readonly name = 'wipe';

  constructor(private readonly mcp: McpServer) {}

  async run(input: string): Promise<string> {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const answer = await this.mcp.server.elicitInput({
      message: `Wipe ${input}? This cannot be undone.`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return answer.action === 'accept' && answer.content?.ok === true ? `Wiped ${input}` : 'Cancelled';
  }
}
