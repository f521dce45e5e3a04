import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition, ToolExtra } from '../types.js';

async function confirmRename(from: string, to: string, extra: ToolExtra): Promise<boolean> {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
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
