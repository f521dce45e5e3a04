import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Extra } from './actions.js';

export async function confirm(extra: Extra, message: string): Promise<boolean> {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const answer = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: { message, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } },
    },
    ElicitResultSchema,
  );
  return answer.action === 'accept' && answer.content?.ok === true;
}
