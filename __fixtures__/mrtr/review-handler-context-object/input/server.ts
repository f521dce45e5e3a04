import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ConfirmHandler } from './confirm.js';
import type { HandlerContext } from './context.js';

export function createServer(dryRun: boolean): McpServer {
  const mcp = new McpServer({ name: 'sheets', version: '1.0.0' });
  const baseContext: HandlerContext = { server: mcp.server, dryRun };
  mcp.registerTool('clear_sheet', { inputSchema: { sheet: z.string() } }, async ({ sheet }, extra) => {
    // A context per request: the shared one spread into a fresh object.
    const requestContext: HandlerContext = { ...baseContext, requestId: String(extra.requestId) };
    const handler = new ConfirmHandler({ context: requestContext });
    if (!(await handler.confirm(`clear ${sheet}`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Cleared ${sheet}.` }] };
  });
  return mcp;
}
