import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// The low-level server is typed by indexing the McpServer type; the class is handed the server by a plugin host
// this file does not show, so only the field's type says what it is.
export class Confirmations {
  private server: McpServer['server'] | undefined;

  attach(server: McpServer['server']): void {
    this.server = server;
  }

  async confirm(message: string): Promise<boolean> {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const answer = await this.server?.elicitInput({ message, requestedSchema: { type: 'object', properties: {} } });
    return answer?.action === 'accept';
  }
}

export function register(mcp: McpServer, confirmations: Confirmations): void {
  mcp.registerTool('wipe', { inputSchema: { table: z.string() } }, async ({ table }) => {
    if (!(await confirmations.confirm(`Wipe ${table}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Wiped ${table}.` }] };
  });
}
