import { McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// A small builder shared by several tools: it returns a plain JSON Schema, not a Standard Schema.
function yesNoQuestion(field: string, title: string): ElicitRequestFormParams['requestedSchema'] {
  return { type: 'object', properties: { [field]: { type: 'boolean', title } }, required: [field] };
}

const CONFIRM_WIPE = yesNoQuestion('confirm', 'Wipe the volume');

export function build() {
  const server = new McpServer({ name: 'volumes', version: '2.0.0' });

  server.registerTool(
    'wipe_volume',
    { description: 'Erase a volume after confirmation', inputSchema: z.object({ volume: z.string() }) },
    async ({ volume }, ctx) => {
      const confirmation = await ctx.mcpReq.elicitInput({ message: `Erase every file on ${volume}?`, requestedSchema: CONFIRM_WIPE });
      if (confirmation.action !== 'accept' || confirmation.content?.confirm !== true) {
        return { content: [{ type: 'text', text: `${volume} was not erased.` }] };
      }
      return { content: [{ type: 'text', text: `Erased ${volume}.` }] };
    },
  );

  return server;
}
