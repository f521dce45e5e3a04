import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const app = express();
app.use(express.json());
const transports = new Map<string, NodeStreamableHTTPServerTransport>();
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: NodeStreamableHTTPServerTransport;
  if (sessionId && transports.has(sessionId)) {
    transport = transports.get(sessionId)!;
  } else if (!sessionId && isInitializeRequest(req.body)) {
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
      },
    });
    const server = new McpServer({ name: 'x', version: '1.0.0' });
    // The session ends with the server: this hook reads the handler's transport.
    server.server.onclose = async () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    /* @mcp-mrtr-review serving-2025-only: server.connect(new NodeStreamableHTTPServerTransport(...)) serves 2025-era clients only. Route each request: when isLegacyRequest(request) (from @modelcontextprotocol/server) is false, serve it with createMcpHandler(() => build(), { legacy: 'reject' }) (mounted with toNodeHandler from @modelcontextprotocol/node on node:http/Express, or its fetch on web-standard hosts), otherwise go on to this sessionful code, so 2025-era clients keep their sessions and asks; put the branch after your auth and host/origin checks. Not rewritten: the server's construction or registrations read transport, which the handler computes */
    await server.connect(transport);
  } else {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request' }, id: null });
    return;
  }
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
