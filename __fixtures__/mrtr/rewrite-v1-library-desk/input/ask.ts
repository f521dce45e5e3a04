import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** How long to lend a book: undefined when the client cannot ask or the user says no. */
export async function askLoanDays(server: McpServer, title: string): Promise<number | undefined> {
  if (!server.server.getClientCapabilities()?.elicitation) return 14;
  try {
    const answer = await server.server.elicitInput({
      message: `Lend "${title}" for how many days?`,
      requestedSchema: { type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 28 } }, required: ['days'] },
    });
    return answer.action === 'accept' ? Number(answer.content?.days) : undefined;
  } catch {
    return undefined;
  }
}
