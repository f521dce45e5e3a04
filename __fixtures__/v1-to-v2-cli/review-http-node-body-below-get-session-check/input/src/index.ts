import { createServer } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { build } from './server.js';
const transports = new Map<string, StreamableHTTPServerTransport>();
createServer(async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (req.method === 'GET' && sessionId && !transports.has(sessionId)) {
    res.writeHead(404).end('Session not found');
    return;
  }
  if (req.method === 'POST') {
    let body = "";
    for await (const chunk of req) body += chunk;
    const parsed: unknown = JSON.parse(body);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await build().connect(transport);
    await transport.handleRequest(req, res, parsed);
  }
}).listen(3000);
