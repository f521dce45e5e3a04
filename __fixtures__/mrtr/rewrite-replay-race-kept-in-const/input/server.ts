import { McpServer, type SamplingMessage } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

/** One sampling request, its text or an error. */
async function callSampling(server: McpServer, messages: SamplingMessage[], maxTokens: number): Promise<string> {
  const result = await server.server.createMessage({ messages, maxTokens });
  if (result.content.type !== 'text') throw new Error('not text');
  return result.content.text;
}

/** Samples with a timeout and retries; null when the client cannot (or will not) answer. */
async function sampleOrNull(server: McpServer, messages: SamplingMessage[], retries = 1): Promise<string | null> {
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      let timerId: ReturnType<typeof setTimeout> | undefined;
      // The race is kept in a const and awaited below, inside the same try.
      const sampling = Promise.race([
        callSampling(server, messages, 64),
        new Promise<never>((_, reject) => {
          timerId = setTimeout(() => reject(new Error('sampling timeout')), 5_000);
        }),
      ]);
      try {
        return await sampling;
      } finally {
        clearTimeout(timerId);
      }
    } catch {
      if (attempt === retries) return null;
    }
  }
  return null;
}

export function build(): McpServer {
  const server = new McpServer({ name: 'summaries', version: '1.0.0' });
  server.registerTool(
    'summarize',
    { description: 'Summarize a text with the client model', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => {
      const summary = await sampleOrNull(server, [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }]);
      return { content: [{ type: 'text', text: summary ?? `(no summary) ${text.slice(0, 20)}` }] };
    },
  );
  return server;
}
