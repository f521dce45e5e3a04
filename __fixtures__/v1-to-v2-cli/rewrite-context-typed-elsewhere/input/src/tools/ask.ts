import { ElicitResultSchema, type ServerResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolWithHandler } from './types.js';

export const ASK_TOOL: ToolWithHandler = {
  name: 'ask_user',
  description: 'Ask the user a question and return the answer',
  inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
  handler: async (args, extra): Promise<ServerResult> => {
    const question = String(args.question);
    const timeoutMs = Number(process.env.ASK_TIMEOUT_MINUTES ?? '0') * 60 * 1000;
    const options = timeoutMs && !isNaN(timeoutMs) && timeoutMs > 0 ? { timeout: timeoutMs } : {};
    const answer = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: {
          message: question,
          requestedSchema: { type: 'object', properties: { input: { type: 'string' } }, required: ['input'] },
        },
      },
      ElicitResultSchema,
      options,
    );
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: `The user chose ${answer.action}.` }] };
    return { content: [{ type: 'text', text: `Answer: ${String(answer.content?.input)}` }] };
  },
};
