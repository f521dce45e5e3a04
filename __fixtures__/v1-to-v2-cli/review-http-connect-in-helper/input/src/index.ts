import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { build } from './server.js';
const app = express();
app.use(express.json());
async function open() {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await build().connect(transport);
  return transport;
}
app.post('/mcp', async (req, res) => {
  await (await open()).handleRequest(req, res, req.body);
});
