import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Extra } from './actions.js';

export async function confirm(extra: Extra, message: string): Promise<boolean> {
  const answer = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: { message, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } },
    },
    ElicitResultSchema,
  );
  return answer.action === 'accept' && answer.content?.ok === true;
}
