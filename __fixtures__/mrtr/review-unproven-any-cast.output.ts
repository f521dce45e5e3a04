// A shared runtime helper: the server comes from AsyncLocalStorage as unknown, and the ask goes through a cast.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';

const current = new AsyncLocalStorage<unknown>();

export function runWithServer<T>(server: unknown, fn: () => T): T {
  return current.run(server, fn);
}

export async function askUser(message: string, options?: { timeout?: number }): Promise<ElicitResult> {
  const server = current.getStore();
  if (!server) throw new Error('askUser called outside a tool handler');
  /* @mcp-mrtr-review unproven-receiver: a call with the SDK's shape (push method and arguments, a cast to any, or a literal push-style method) on a receiver the audit cannot prove to be the SDK's server or handler context */
  return (server as any).elicitInput({ message, requestedSchema: { type: 'object', properties: {} } }, options);
}

export async function listWorkspaceRoots() {
  const server = current.getStore();
  /* @mcp-mrtr-review unproven-receiver: a call with the SDK's shape (push method and arguments, a cast to any, or a literal push-style method) on a receiver the audit cannot prove to be the SDK's server or handler context */
  return (server as any).listRoots();
}
