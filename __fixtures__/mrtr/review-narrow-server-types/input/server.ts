import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ReportService } from './services.js';

export function createServer(): McpServer {
  const mcp = new McpServer({ name: 'reports', version: '1.0.0' });
  const reports = new ReportService({ elicitationServer: mcp.server, samplingServer: mcp.server });
  mcp.registerTool('report', { inputSchema: { topic: z.string() } }, async ({ topic }) => ({
    content: [{ type: 'text', text: await reports.build(topic) }],
  }));
  return mcp;
}
