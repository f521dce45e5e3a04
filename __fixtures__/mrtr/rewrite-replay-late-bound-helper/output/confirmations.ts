import type { Server } from '@modelcontextprotocol/server';
import { ask } from './mcp-mrtr-runtime.js';

/** Asks the user before destructive operations, once the server is known. */
export class Confirmations {
  private server: Server | null = null;

  attach(server: Server): void {
    this.server = server;
  }

  async confirm(message: string): Promise<boolean> {
    if (!this.server) throw new Error('Confirmations used before attach()');
    const answer = await ask.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'Go ahead' } }, required: ['ok'] },
    });
    return answer.action === 'accept' && answer.content?.ok === true;
  }
}
