import express from 'express';
import { McpServer, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { build } from './server.js';
const app = express();
app.use(express.json());
// The server and its registrations, moved out of the request handler: the session code builds one per 2025-era
// session, createMcpHandler one per 2026-era request.
function buildServer() {
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  return server;
}

// Serves MCP 2026-07-28 (MRTR) clients, one server per request from the same factory as the 2025-era route.
const mcpHandler = toNodeHandler(createMcpHandler(() => buildServer(), { legacy: 'reject' }));

app.post('/mcp', async (req, res) => {
  // MCP 2026-07-28 requests go to createMcpHandler (a server per request); 2025-era ones (isLegacyRequest) go on to the code below.
  if (!(await isLegacyRequest(await toWebRequest(req, req.body), req.body))) {
    await mcpHandler(req, res, req.body);
    return;
  }
  const server = buildServer();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
