import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { build } from './server.js';
const app = express();
app.use(express.json());
const MCP_PATH = '/mcp';
const handleMcp = async (req: express.Request, res: express.Response) => {
  const server = build();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
};
app.post(MCP_PATH, handleMcp);
