import { getServerRef } from './serverRef.js';

/** Asks the user to confirm; null when the client cannot be asked. */
export async function confirm(message: string): Promise<boolean | null> {
  const server = getServerRef();
  if (!server) return null;
  try {
    const result = await server.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Confirm' } }, required: ['confirm'] },
    });
    if (result.action === 'accept' && result.content) return result.content.confirm === true;
    return false;
  } catch {
    return null;
  }
}
