import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { build } from './server.js';
const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const server = build();
  server.registerTool('extra', {}, async () => ({ content: [] }));
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  /* @mcp-mrtr-review serving-2025-only: server.connect(new NodeStreamableHTTPServerTransport(...)) serves 2025-era clients only. Route each request: when isLegacyRequest(request) (from @modelcontextprotocol/server) is false, serve it with createMcpHandler(() => build(), { legacy: 'reject' }) (mounted with toNodeHandler from @modelcontextprotocol/node on node:http/Express, or its fetch on web-standard hosts), otherwise go on to this sessionful code, so 2025-era clients keep their sessions and asks; put the branch after your auth and host/origin checks. Not rewritten: the handler uses the server `server` for more than connect/close (a 2026-era request would get a server without it) */
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
