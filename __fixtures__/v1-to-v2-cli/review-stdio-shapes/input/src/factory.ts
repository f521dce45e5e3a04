import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// A factory that hands back the server and what stops its timer: one pair per session.
export function createTicker(): { server: McpServer; cleanup: () => void } {
  let running = true;
  const timer = setInterval(() => undefined, 1000);
  timer.unref();
  const server = new McpServer({ name: 'ticker', version: '1.0.0' });
  server.registerTool('status', { description: 'Whether the ticker runs' }, async () => ({
    content: [{ type: 'text', text: running ? 'running' : 'stopped' }],
  }));
  return {
    server,
    cleanup: () => {
      running = false;
      clearInterval(timer);
    },
  };
}
