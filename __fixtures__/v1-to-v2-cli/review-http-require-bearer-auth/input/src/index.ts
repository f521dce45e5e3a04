import express from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { build } from './server.js';
const verifier = { verifyAccessToken: async (token: string) => ({ token, clientId: 'c', scopes: [] }) };
const app = express();
app.use(express.json());
app.post('/mcp', requireBearerAuth({ verifier }), async (req, res) => {
  const server = build();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
