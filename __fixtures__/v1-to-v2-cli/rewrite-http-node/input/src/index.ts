import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { build } from './server.js';

const transports = new Map<string, StreamableHTTPServerTransport>();

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
}

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
  const sessionId = req.headers['mcp-session-id'];
  let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
  if (!transport) {
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      res.writeHead(400).end('Bad Request: No valid session ID provided');
      return;
    }
    const created = new StreamableHTTPServerTransport({
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
