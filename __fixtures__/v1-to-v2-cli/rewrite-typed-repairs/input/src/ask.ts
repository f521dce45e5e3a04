import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** What the person answered, as the client sends it back. */
type Answer = { action: string; content?: Record<string, unknown> };

/** Answers every elicitation of the server with `answer`. */
export function answering(client: Client, answer: () => Promise<Answer>): void {
  client.setRequestHandler(ElicitRequestSchema, answer);
}
