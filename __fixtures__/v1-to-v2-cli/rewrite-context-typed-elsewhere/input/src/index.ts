#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolRequest,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { AVAILABLE_TOOLS, isValidToolName } from './tools/index.js';

async function main() {
  // Listed with their handlers: JSON drops a function, and nothing calls them from here.
  const allTools = Object.values(AVAILABLE_TOOLS);
  // The low-level server of an McpServer, taken apart where it is built.
  const { server } = new McpServer({ name: 'ask-desk', version: '1.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: allTools }));

  server.setRequestHandler(
    CallToolRequestSchema,
    async (request: CallToolRequest, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => {
      if (!isValidToolName(request.params.name)) throw new Error(`Unknown tool: ${request.params.name}`);
      try {
        return await AVAILABLE_TOOLS[request.params.name].handler(request.params.arguments ?? {}, extra);
      } catch (error) {
        throw new Error(`Tool execution failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  );

  await server.connect(new StdioServerTransport());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
