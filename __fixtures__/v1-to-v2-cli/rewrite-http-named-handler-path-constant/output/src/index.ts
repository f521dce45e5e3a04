import express from 'express';
import { McpServer, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { build } from './server.js';
const app = express();
app.use(express.json());
const MCP_PATH = '/mcp';
const handleMcp = async (req: express.Request, res: express.Response) => {
  // MCP 2026-07-28 requests go to createMcpHandler (a server per request); 2025-era ones (isLegacyRequest) go on to the code below.
  if (!(await isLegacyRequest(await toWebRequest(req, req.body), req.body))) {
    await mcpHandler(req, res, req.body);
    return;
  }
  const server = build();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
};
// Serves MCP 2026-07-28 (MRTR) clients, one server per request from the same factory as the 2025-era route.
const mcpHandler = toNodeHandler(createMcpHandler(() => build(), { legacy: 'reject' }));

app.post(MCP_PATH, handleMcp);
