import type { McpServer } from '@modelcontextprotocol/server';
import { ask, clientCapabilities, isInputRequiredSignal } from './mcp-mrtr-runtime.js';

/** How long to lend a book: undefined when the client cannot ask or the user says no. */
export async function askLoanDays(server: McpServer, title: string): Promise<number | undefined> {
  if (!clientCapabilities()?.elicitation) return 14;
  try {
    const answer = await ask.elicitInput({
      message: `Lend "${title}" for how many days?`,
      requestedSchema: { type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 28 } }, required: ['days'] },
    });
    return answer.action === 'accept' ? Number(answer.content?.days) : undefined;
  } catch (error) {
    if (isInputRequiredSignal(error)) throw error;
    return undefined;
  }
}
