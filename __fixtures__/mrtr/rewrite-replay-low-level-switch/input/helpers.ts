import type { Server } from '@modelcontextprotocol/server';

/** Let the user pick one of several matching files. */
export async function pickFile(server: Server, candidates: string[]): Promise<string | undefined> {
  if (candidates.length === 1) return candidates[0];
  const answer = await server.elicitInput({
    message: `${candidates.length} files match. Which one?`,
    requestedSchema: {
      type: 'object',
      properties: { file: { type: 'string', enum: candidates } },
      required: ['file'],
    },
  });
  return answer.action === 'accept' ? String(answer.content?.file) : undefined;
}

/** Ask about each file in turn; the ones the user keeps are returned. */
export async function confirmEach(server: Server, files: string[]): Promise<string[]> {
  const kept: string[] = [];
  for (const file of files) {
    const answer = await server.elicitInput({
      message: `Archive ${file}?`,
      requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
    });
    if (answer.action === 'accept' && answer.content?.archive === true) kept.push(file);
  }
  return kept;
}

/** A short summary from the client's model, or the first words when sampling fails or takes too long. */
export async function summarize(server: Server, text: string): Promise<string> {
  try {
    const result = await Promise.race([
      server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }], maxTokens: 100 }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('sampling timed out')), 15_000)),
    ]);
    return result.content.type === 'text' ? result.content.text : '(no text summary)';
  } catch {
    return `${text.split(' ').slice(0, 4).join(' ')}...`;
  }
}
