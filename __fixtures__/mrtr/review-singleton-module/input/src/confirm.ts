import { server } from './server.js';

export async function confirm(message: string): Promise<boolean> {
  const answer = await server.server.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}
