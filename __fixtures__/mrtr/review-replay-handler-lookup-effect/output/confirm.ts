import { getServerRef } from './serverRef.js';

/** Asks the user to confirm; null when the client cannot be asked. */
export async function confirm(message: string): Promise<boolean | null> {
  const server = getServerRef();
  if (!server) return null;
  try {
    /* @mcp-mrtr-review replay-effect-not-journalable: an effect runs before an ask on a replayed path, and its result cannot be journaled (a class instance with behaviour, a stream, a function, a handle, a promise awaited later, or in a function that is not async): replayed, it would run again on every round: `await getHandlerForTool(name)` at server.ts:14 gives an object with the method `getTools` */
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
