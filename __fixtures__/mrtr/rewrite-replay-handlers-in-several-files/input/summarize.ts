import type { McpServer } from '@modelcontextprotocol/server';

/** One line from the client's model; the text's first words when the client cannot sample. */
export async function summarize(server: McpServer, text: string): Promise<string> {
  try {
    const result = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize in one line: ${text}` } }],
      maxTokens: 80,
    });
    return result.content.type === 'text' ? result.content.text : text;
  } catch {
    return text.split(' ').slice(0, 5).join(' ');
  }
}
