import * as app from './index.js';

// The project's SDK module imported as a namespace.
export async function draftTitle(server: app.Server, text: string): Promise<string> {
  const result = await server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `A title for: ${text}` } }],
    maxTokens: 20,
  });
  return result.content.type === 'text' ? result.content.text : '';
}
