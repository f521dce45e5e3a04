import express from 'express';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { requireBearerAuth } from '@modelcontextprotocol/server-legacy/auth';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { build } from './server.js';
const verifier = { verifyAccessToken: async (token: string) => ({ token, clientId: 'c', scopes: [] }) };
const app = express();
app.use(express.json());
// Serves MCP 2026-07-28 (MRTR) clients, one server per request from the same factory as the 2025-era route.
const mcpHandler = toNodeHandler(createMcpHandler(() => build(), { legacy: 'reject' }));

/* @mcp-codemod-error requireBearerAuth: resource-server auth helpers routed to the frozen @modelcontextprotocol/server-legacy/auth copy. The maintained v2 home is @modelcontextprotocol/express — when re-pointing, verifiers must throw the v2 OAuthError (the express middleware does not recognize the legacy error classes). See the migration guide's server auth split section. */
app.post('/mcp', requireBearerAuth({ verifier }), async (req, res) => {
  // MCP 2026-07-28 requests go to createMcpHandler (a server per request); 2025-era ones (isLegacyRequest) go on to the code below.
  if (!(await isLegacyRequest(await toWebRequest(req, req.body), req.body))) {
    await mcpHandler(req, res, req.body);
    return;
  }
  const server = build();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
