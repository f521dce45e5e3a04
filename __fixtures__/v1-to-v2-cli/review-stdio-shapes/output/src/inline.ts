#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
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

  serveStdio(() => {
    const server = new McpServer({ name: 'ledger', version: '1.0.0' }, { instructions: 'Keeps a ledger.' });

    // The counter is made from the server.
    const counter = registerCounter(server, ledger);

    server.registerTool('add', { description: 'Add an entry, if the user agrees', inputSchema: z.object({ entry: z.string() }) }, async ({ entry }, ctx) => {
      const answerRequest: ElicitRequestFormParams = {
        message: `Add ${entry}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      };
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'add_ask');
      if (answer.kind !== 'elicit') {
        return inputRequired({ inputRequests: { add_ask: inputRequired.elicit(answerRequest) } });
      }
      if (answer.action === 'accept' && answer.content) {
        const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: `Not added (count read ${counter.reads()} times).` }] };
      }
      ledger.push(entry);
      return { content: [{ type: 'text', text: `Added ${entry}.` }] };
    });
    return server;
  });

  console.error('[ledger] ready');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
