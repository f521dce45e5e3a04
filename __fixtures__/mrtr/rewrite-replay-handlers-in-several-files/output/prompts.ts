import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { summarize } from './summarize.js';
import { withAsks } from './mcp-mrtr-runtime.js';
import { requestStateCodec } from './tools.js';

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'review_text',
    { description: 'Review a text, starting from its summary', argsSchema: z.object({ text: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ text }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Review this text (summary: ${await summarize(server, text)}):\n${text}` } }],
    }), { name: 'review_text' }),
  );
}
