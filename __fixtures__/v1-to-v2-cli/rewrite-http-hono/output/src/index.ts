import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { WebStandardStreamableHTTPServerTransport, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { build } from './server.js';

const app = new Hono();
const transports = new Map<string, WebStandardStreamableHTTPServerTransport>();

// Every MCP request must carry the shared token.
app.use('/mcp', async (c, next) => {
  if (c.req.header('authorization') !== `Bearer ${process.env.MCP_TOKEN}`) {
    return c.json({ jsonrpc: '2.0', error: { code: -32001, message: 'Unauthorized' }, id: null }, 401);
  }
  await next();
});

// Serves MCP 2026-07-28 (MRTR) clients, one server per request from the same factory as the 2025-era route.
const mcpHandler = createMcpHandler(() => build(), { legacy: 'reject' });

app.all('/mcp', async (c) => {
  // MCP 2026-07-28 requests go to createMcpHandler (a server per request); 2025-era ones (isLegacyRequest) go on to the code below.
  if (!(await isLegacyRequest(c.req.raw))) return mcpHandler.fetch(c.req.raw);
  const sessionId = c.req.header('mcp-session-id');
  const existing = sessionId ? transports.get(sessionId) : undefined;
  if (existing) return existing.handleRequest(c.req.raw);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      transports.set(id, transport);
    },
  });
  transport.onclose = () => {
    if (transport.sessionId) transports.delete(transport.sessionId);
  };
  await build().connect(transport);
  return transport.handleRequest(c.req.raw);
});

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' });
