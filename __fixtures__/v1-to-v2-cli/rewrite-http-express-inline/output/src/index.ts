import { randomUUID } from 'node:crypto';
import express from 'express';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { McpServer, isInitializeRequest, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { hostHeaderValidation } from '@modelcontextprotocol/express';
import { registerNoteTools } from './server.js';

const app = express();
app.use(express.json());
app.use(hostHeaderValidation(['127.0.0.1', 'localhost']));

// Every MCP request must carry the shared token.
app.use((req, res, next) => {
  if (req.headers.authorization !== `Bearer ${process.env.MCP_TOKEN}`) {
    res.status(401).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Unauthorized' }, id: null });
    return;
  }
  next();
});

let sessionsOpened = 0;

// Each session keeps its transport and its own server.
const sessions: { [sessionId: string]: { transport: NodeStreamableHTTPServerTransport; server: McpServer } } = {};

// The server and its registrations, moved out of the request handler: the session code builds one per 2025-era
// session, createMcpHandler one per 2026-era request.
function buildServer() {
  const server = new McpServer(
    { name: 'notes-mini', version: '1.0.0' },
    {
      capabilities: { tools: {} }, // tools only
    },
  );
  registerNoteTools(server);
  return server;
}

// Serves MCP 2026-07-28 (MRTR) clients, one server per request from the same factory as the 2025-era route.
const mcpHandler = toNodeHandler(createMcpHandler(() => buildServer(), { legacy: 'reject' }));

app.post('/mcp', async (req, res) => {
  // MCP 2026-07-28 requests go to createMcpHandler (a server per request); 2025-era ones (isLegacyRequest) go on to the code below.
  if (!(await isLegacyRequest(await toWebRequest(req, req.body), req.body))) {
    await mcpHandler(req, res, req.body);
    return;
  }
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: NodeStreamableHTTPServerTransport;
  let server: McpServer;
  if (sessionId && sessions[sessionId]) {
    transport = sessions[sessionId].transport;
    server = sessions[sessionId].server;
  } else if (!sessionId && isInitializeRequest(req.body)) {
    // A new session: its own server, with the note tools.
    server = buildServer();

    // Register the tools before connecting.
    sessionsOpened += 1;

    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions[id] = { transport, server };
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) delete sessions[transport.sessionId];
    };
    await server.connect(transport);
  } else {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
    return;
  }
  await transport.handleRequest(req, res, req.body);
});

// GET (server-to-client stream) and DELETE (end of session) for an existing session.
const handleSessionRequest = async (req: express.Request, res: express.Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (!sessionId || !sessions[sessionId]) {
    res.status(400).send('Invalid or missing session ID');
    return;
  }
  await sessions[sessionId].transport.handleRequest(req, res);
};

app.get('/mcp', handleSessionRequest);
app.delete('/mcp', handleSessionRequest);

app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
