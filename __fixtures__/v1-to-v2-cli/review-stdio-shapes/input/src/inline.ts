#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

// Registers a read-only tool and hands back how often it was read, one counter per server.
function registerCounter(mcp: McpServer, ledger: string[]) {
  let reads = 0;
  mcp.registerTool('count', { description: 'How many entries' }, async () => {
    reads++;
    return { content: [{ type: 'text', text: `${ledger.length} entries` }] };
  });
  return { reads: () => reads };
}

// The server is built inside main(), after setup of its own, registered on and connected there.
async function main(): Promise<void> {
  const ledger: string[] = [];
  console.error('[ledger] starting');

  const server = new McpServer({ name: 'ledger', version: '1.0.0' }, { instructions: 'Keeps a ledger.' });

  // The counter is made from the server.
  const counter = registerCounter(server, ledger);

  server.registerTool('add', { description: 'Add an entry, if the user agrees', inputSchema: { entry: z.string() } }, async ({ entry }) => {
    const answer = await server.server.elicitInput({
      message: `Add ${entry}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) {
      return { content: [{ type: 'text', text: `Not added (count read ${counter.reads()} times).` }] };
    }
    ledger.push(entry);
    return { content: [{ type: 'text', text: `Added ${entry}.` }] };
  });

  const transport = new StdioServerTransport();
  server.connect(transport).catch((error) => {
    console.error('[ledger] transport failed:', error);
    process.exit(1);
  });

  console.error('[ledger] ready');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
