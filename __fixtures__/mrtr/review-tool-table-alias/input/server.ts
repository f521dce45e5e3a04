import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { renameTools } from './tools/rename.js';
import { summarizeTool } from './tools/summarize.js';
import type { ToolDefinition } from './types.js';

const TOOLS: ToolDefinition[] = [summarizeTool, ...renameTools];

export function createServer(): Server {
  const server = new Server({ name: 'files', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map(({ name, description }) => ({ name, description, inputSchema: { type: 'object' as const } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) throw new Error(`Unknown tool ${request.params.name}`);
    // Each tool gets the context with a deadline of its own: a copy, so only the handler's declared type says what it is.
    return tool.handler(request.params.arguments ?? {}, { ...extra, signal: AbortSignal.timeout(30_000) });
  });
  return server;
}
