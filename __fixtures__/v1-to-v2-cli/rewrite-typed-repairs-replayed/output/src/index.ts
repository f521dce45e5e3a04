import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { Server, type CallToolResult } from '@modelcontextprotocol/server';
import { choose } from './choose.js';
import { sharedRequestStateCodec, step, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

// The project's own loose result type, written before the SDK typed results by method.
interface ToolResponse {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
}

const archived: string[] = [];
const shelvesDone = new Set<string>();

function archive(id: string, shelf: string): void {
  archived.push(id);
  shelvesDone.add(shelf);
}

function failure(message: string): ToolResponse {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function build(): Server {
  const server = new Server({ name: 'archive-desk', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({
    tools: [
      {
        name: 'archive',
        description: 'Archive one document of each shelf',
        inputSchema: { type: 'object', properties: { shelves: { type: 'array', items: { type: 'string' } } } },
      },
    ],
  }));
  server.setRequestHandler('tools/call', withAsks(server, requestStateCodec, async (request): Promise<CallToolResult> => {
    const shelves = (request.params.arguments?.shelves as string[] | undefined) ?? [];
    // The shelf being worked on, narrowed by each assignment (and loose again in a closure: the loop assigns it later).
    let current: string | undefined;
    for (const shelf of shelves) {
      current = shelf;
      const result = await choose(server, shelf);
      if (result.error) return failure(result.error) as CallToolResult;
      if (result.picked) {
        // Runs between one shelf's answer and the next shelf's question.
        await step('archive', () => archive(result.picked!.id, current!));
      }
    }
    return { content: [{ type: 'text', text: `archived: ${archived.join(', ') || 'nothing'}` }] } as CallToolResult;
  }));
  return server;
}

serveStdio(() => build());
