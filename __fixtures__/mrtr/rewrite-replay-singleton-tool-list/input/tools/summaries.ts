import * as z from 'zod/v4';
import { server } from '../server.js';

/** Each factory builds one tool for a context (the tool list is built when the server starts). */
const makeSummary = (context: { style: string }) => ({
  name: 'summarize',
  config: { description: 'Summarize a text with the client model', inputSchema: z.object({ text: z.string() }) },
  fn: async (args: { text: string }) => {
    const result = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `${context.style}: ${args.text}` } }],
      maxTokens: 60,
    });
    return result.content.type === 'text' ? result.content.text : '(no text)';
  },
});

export const apiFactories = [makeSummary];
