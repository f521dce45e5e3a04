import type { ToolWithHandler } from './types.js';

// No ask here: the context's v1 members, read where the v1 step cannot see the context's type.
export const STATUS_TOOL: ToolWithHandler = {
  name: 'status',
  description: 'Whether this call was cancelled, and its request id',
  inputSchema: { type: 'object', properties: {} },
  handler: async (_args, extra) => ({
    content: [{ type: 'text', text: `cancelled: ${extra.signal.aborted}, request: ${typeof extra.requestId}` }],
  }),
};
