import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { choose } from './choose.js';

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

const server = new Server({ name: 'archive-desk', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: 'archive',
      description: 'Archive one document of each shelf',
      inputSchema: { type: 'object', properties: { shelves: { type: 'array', items: { type: 'string' } } } },
    },
  ],
}));

server.setRequestHandler(CallToolRequestSchema, async (request): Promise<ToolResponse> => {
  const shelves = (request.params.arguments?.shelves as string[] | undefined) ?? [];
  // The shelf being worked on, narrowed by each assignment (and loose again in a closure: the loop assigns it later).
  let current: string | undefined;
  for (const shelf of shelves) {
    current = shelf;
    const result = await choose(server, shelf);
    if (result.error) return failure(result.error);
    if (result.picked) {
      // Runs between one shelf's answer and the next shelf's question.
      archive(result.picked.id, current);
    }
  }
  return { content: [{ type: 'text', text: `archived: ${archived.join(', ') || 'nothing'}` }] };
});

await server.connect(new StdioServerTransport());
