import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const db = {
  entries: [] as string[],
  async log(entry: string): Promise<void> {
    this.entries.push(`${new Date().toISOString()} ${entry}`);
  },
};

export function build() {
  const server = new McpServer({ name: 'accounts', version: '2.0.0' });

  server.registerTool(
    'close_account',
    { description: 'Close a customer account', inputSchema: z.object({ account: z.string() }) },
    async ({ account }, ctx) => {
      // An audit entry before the ask: it must be written once per call, not once per round.
      await db.log(`close requested for ${account}`);
      const answer = await ctx.mcpReq.elicitInput({
        message: `Close account ${account}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: 'Account kept open.' }] };
      }
      return { content: [{ type: 'text', text: `Account ${account} closed.` }] };
    },
  );

  return server;
}
