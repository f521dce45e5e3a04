import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { Server, type ServerCapabilities, type ListToolsResult, type CallToolResult, type ListResourcesResult } from '@modelcontextprotocol/server';
import { clientLabelOf } from './clients.js';
import { upstreamError } from './errors.js';
import { registerResources } from './resources.js';

// Tool definitions as the project keeps them: its own loose types, written before the SDK typed results by method.
interface JsonSchemaProperty {
  type: string;
  description?: string;
}

interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: { type: string; properties: Record<string, JsonSchemaProperty>; required?: string[] };
}

interface ToolResponse {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
}

const TOOLS: ToolDefinition[] = [
  {
    name: 'balance',
    description: 'The balance of an account',
    inputSchema: { type: 'object', properties: { account: { type: 'string', description: 'The account name' } }, required: ['account'] },
  },
];

const BALANCES: Record<string, number> = { alice: 12, bob: 0 };

// The cursor of the page after `page`, none on the last: the project's own type says null too.
function cursorAfter(page: number, pages: number): string | null | undefined {
  return page + 1 < pages ? String(page + 1) : undefined;
}

function reply(text: string, isError = false): ToolResponse {
  return { content: [{ type: 'text', text }], isError };
}

async function balanceOf(account: string): Promise<ToolResponse> {
  if (!(account in BALANCES)) return reply(`unknown account ${account}`, true);
  return reply(`${account}: ${BALANCES[account]}`);
}

// `sampling` is the client's capability, not a server's: v1's types let it through, and the server has sent it since.
function build(): Server {
  const server = new Server(
    { name: 'ledger', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {}, sampling: {} } as ServerCapabilities },
  );
  server.setRequestHandler('tools/list', async () => ({
    tools: TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }) as unknown as ListToolsResult);
  server.setRequestHandler('tools/call', async (request) => {
    const account = String(request.params.arguments?.account ?? '');
    if (request.params.name === 'whoami') return reply(clientLabelOf(request.params.arguments?.body)) as CallToolResult;
    if (request.params.name !== 'balance') throw upstreamError(404, `no tool ${request.params.name}`);
    if (account === '') return reply('an account is required', true) as CallToolResult;
    return balanceOf(account) as Promise<CallToolResult>;
  });
  server.setRequestHandler('resources/list', async () => {
    return {
      resources: [{ uri: 'ledger://accounts', name: 'Accounts', mimeType: 'application/json' }],
      nextCursor: cursorAfter(0, 1),
    } as ListResourcesResult;
  });
  registerResources(server, () => Object.keys(BALANCES));
  return server;
}

serveStdio(() => build());
