import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition, ToolExtra } from '../types.js';

async function confirmRename(from: string, to: string, extra: ToolExtra): Promise<boolean> {
  const answer = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: { message: `Rename ${from} to ${to}?`, requestedSchema: { type: 'object', properties: {} } },
    },
    ElicitResultSchema,
  );
  return answer.action === 'accept';
}

export const renameTools: ToolDefinition[] = [
  {
    name: 'rename',
    description: 'Rename a file after asking',
    async handler(args, extra) {
      const ok = await confirmRename(String(args.from), String(args.to), extra);
      return { content: [{ type: 'text', text: ok ? 'Renamed.' : 'Kept.' }] };
    },
  },
];
