import { CreateMessageResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition } from '../types.js';

export const summarizeTool: ToolDefinition = {
  name: 'summarize',
  description: 'Summarise a text with the client model',
  handler: async (args, extra) => {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const result = await extra.sendRequest(
      {
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: String(args.text) } }], maxTokens: 200 },
      },
      CreateMessageResultSchema,
    );
    return { content: [{ type: 'text', text: result.content.type === 'text' ? result.content.text : '' }] };
  },
};
