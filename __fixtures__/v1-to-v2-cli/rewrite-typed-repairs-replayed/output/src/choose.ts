import type { Server } from '@modelcontextprotocol/server';
import { ask } from './mcp-mrtr-runtime.js';

export interface Choice {
  picked?: { id: string; title: string };
  error?: string;
}

const SHELVES: Record<string, Array<{ id: string; title: string }>> = {
  reports: [
    { id: 'r1', title: 'Q1 report' },
    { id: 'r2', title: 'Q2 report' },
  ],
  letters: [{ id: 'l1', title: 'Letter to Ada' }],
};

/** Asks which document of a shelf to archive. */
export async function choose(server: Server, shelf: string): Promise<Choice> {
  const documents = SHELVES[shelf];
  if (!documents) return { error: `no shelf ${shelf}` };
  const answer = await ask.elicitInput({
    message: `Archive which document of ${shelf}?`,
    requestedSchema: {
      type: 'object',
      properties: { id: { type: 'string', enum: documents.map((d) => d.id) } },
      required: ['id'],
    },
  });
  if (answer.action !== 'accept') return {};
  return { picked: documents.find((d) => d.id === answer.content?.id) };
}
