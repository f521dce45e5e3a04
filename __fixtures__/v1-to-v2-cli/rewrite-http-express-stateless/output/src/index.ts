import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpExpressApp } from '@modelcontextprotocol/express';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { build } from './server.js';

// Binds to 127.0.0.1 with DNS rebinding protection (Host header validation) and JSON body parsing.
const app = createMcpExpressApp();

// Serves MCP 2026-07-28 (MRTR) clients, one server per request from the same factory as the 2025-era route.
const mcpHandler = toNodeHandler(createMcpHandler(() => build(), { legacy: 'reject' }));

// Stateless: a new server and transport for every request.
app.post('/mcp', async (req, res) => {
  // MCP 2026-07-28 requests go to createMcpHandler (a server per request); 2025-era ones (isLegacyRequest) go on to the code below.
  if (!(await isLegacyRequest(await toWebRequest(req, req.body), req.body))) {
    await mcpHandler(req, res, req.body);
    return;
  }
  const server = build();
  try {
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
  } catch (error) {
    console.error('Error handling MCP request:', error);
    if (!res.headersSent) {
      res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    }
  }
});

app.get('/mcp', (req, res) => {
  res.status(405).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
});

app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
