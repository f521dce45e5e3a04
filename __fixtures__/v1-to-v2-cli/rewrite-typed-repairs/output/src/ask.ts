import type { Client } from '@modelcontextprotocol/client';

/** What the person answered, as the client sends it back. */
type Answer = { action: 'cancel' | 'accept' | 'decline'; content?: Record<string, string | number | boolean | string[]> };

/** Answers every elicitation of the server with `answer`. */
export function answering(client: Client, answer: () => Promise<Answer>): void {
  client.setRequestHandler('elicitation/create', answer);
}
