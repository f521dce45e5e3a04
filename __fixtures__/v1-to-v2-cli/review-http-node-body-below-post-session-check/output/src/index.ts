import { createServer } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { build } from './server.js';
const transports = new Map<string, NodeStreamableHTTPServerTransport>();
createServer(async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (req.method === 'POST' && sessionId && !transports.has(sessionId)) {
    res.writeHead(404).end('Session not found');
    return;
  }
  if (req.method === 'POST') {
    let body = "";
    for await (const chunk of req) body += chunk;
    const parsed: unknown = JSON.parse(body);
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    /* @mcp-mrtr-review serving-2025-only: server.connect(new NodeStreamableHTTPServerTransport(...)) serves 2025-era clients only. Route each request: when isLegacyRequest(request) (from @modelcontextprotocol/server) is false, serve it with createMcpHandler(() => build(), { legacy: 'reject' }) (mounted with toNodeHandler from @modelcontextprotocol/node on node:http/Express, or its fetch on web-standard hosts), otherwise go on to this sessionful code, so 2025-era clients keep their sessions and asks; put the branch after your auth and host/origin checks. Not rewritten: every handleRequest must get the request body the handler read above its session code (`const body = ...; transport.handleRequest(req, res, body)`): the branch cannot read the request stream twice */
    await build().connect(transport);
    await transport.handleRequest(req, res, parsed);
  }
}).listen(3000);
