import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';

export interface DeskTool {
  name: string;
  description: string;
  readOnly: boolean;
  inputSchema: { type: 'object'; properties: Record<string, { type: string }> };
  handler(args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult>;
}

async function askText(ctx: ServerContext, message: string): Promise<string | undefined> {
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  });
  return answer.action === 'accept' ? String(answer.content?.text) : undefined;
}

export const TOOLS: DeskTool[] = [
  {
    name: 'rename_board',
    description: 'Rename a board',
    readOnly: false,
    inputSchema: { type: 'object', properties: { board: { type: 'string' } } },
    async handler(args, ctx) {
      const title = await askText(ctx, `New title for ${String(args.board)}?`);
      return { content: [{ type: 'text', text: title ? `Renamed to ${title}.` : 'Kept the old title.' }] };
    },
  },
  {
    name: 'list_boards',
    description: 'List the boards',
    readOnly: true,
    inputSchema: { type: 'object', properties: {} },
    async handler() {
      return { content: [{ type: 'text', text: 'Roadmap, Bugs' }] };
    },
  },
];
