import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { build } from './server.js';
const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const server = build();
  if (req.headers.authorization !== 'Bearer t') {
    res.status(401).end();
    return;
  }
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  /* @mcp-mrtr-review serving-2025-only: server.connect(new NodeStreamableHTTPServerTransport(...)) serves 2025-era clients only. Route each request: when isLegacyRequest(request) (from @modelcontextprotocol/server) is false, serve it with createMcpHandler(() => build(), { legacy: 'reject' }) (mounted with toNodeHandler from @modelcontextprotocol/node on node:http/Express, or its fetch on web-standard hosts), otherwise go on to this sessionful code, so 2025-era clients keep their sessions and asks; put the branch after your auth and host/origin checks. Not rewritten: the handler checks access (auth, host, 401/403) in `if (req.headers.authorization !== 'Bearer t') {`, below the start of its session code, where 2026-era requests would skip it: move the check above the session code or into middleware, then run the tool again */
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
