import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from '@modelcontextprotocol/server';

/** The server answering the request running now (a server per session over HTTP). */
const serverRefStore = new AsyncLocalStorage<Server>();

export function runWithServerRef<T>(server: Server, fn: () => T): T {
  return serverRefStore.run(server, fn);
}

export function getServerRef(): Server | null {
  return serverRefStore.getStore() ?? null;
}
