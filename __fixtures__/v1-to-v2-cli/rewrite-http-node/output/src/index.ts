import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { isInitializeRequest, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { build } from './server.js';

const transports = new Map<string, NodeStreamableHTTPServerTransport>();

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
}

// Serves MCP 2026-07-28 (MRTR) clients, one server per request from the same factory as the 2025-era route.
const mcpHandler = toNodeHandler(createMcpHandler(() => build(), { legacy: 'reject' }));

const httpServer = createServer(async (req, res) => {
  if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  // Local clients only: a Host header naming another host is a DNS rebinding attempt.
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  if (host !== '127.0.0.1' && host !== 'localhost') {
    res.writeHead(403).end('Forbidden host');
    return;
  }
  if (req.headers.authorization !== `Bearer ${process.env.MCP_TOKEN}`) {
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Unauthorized' }, id: null }));
    return;
  }
  const body = req.method === 'POST' ? await readJson(req) : undefined;
  // MCP 2026-07-28 requests go to createMcpHandler (a server per request); 2025-era ones (isLegacyRequest) go on to the code below.
  if (!(await isLegacyRequest(await toWebRequest(req, body), body))) {
    await mcpHandler(req, res, body);
    return;
  }
  const sessionId = req.headers['mcp-session-id'];
  let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
  if (!transport) {
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      res.writeHead(400).end('Bad Request: No valid session ID provided');
      return;
    }
    const created = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, created);
      },
    });
    created.onclose = () => {
      if (created.sessionId) transports.delete(created.sessionId);
    };
    await build().connect(created);
    transport = created;
  }
  await transport.handleRequest(req, res, body);
});

httpServer.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
