import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** Tools that need the client's sampling: registered once the client has said what it supports. */
export function registerSamplingTools(server: McpServer): void {
  server.registerTool('summarize', { inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: 'text', text: text.slice(0, 10) }],
  }));
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'reader', version: '1.0.0' });
  server.registerTool('read', { inputSchema: { url: z.string() } }, async ({ url }) => ({
    content: [{ type: 'text', text: url }],
  }));
  // The client's capabilities are known after the initialize handshake.
  server.server.oninitialized = () => {
    if (server.server.getClientCapabilities()?.sampling) registerSamplingTools(server);
  };
  return server;
}
