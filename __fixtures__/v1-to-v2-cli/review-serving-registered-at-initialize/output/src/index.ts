import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createServer } from './server.js';

const server = createServer();
/* @mcp-mrtr-review serving-2025-only: server.connect(transport) serves 2025-era clients only, and is kept so: the server registers at initialize (src/server.ts: `registerSamplingTools(server)`), which a 2026-era client never sends, so served to one it would not list what the original lists to every client; register those where the server is built (see registered-at-initialize), then serve it with serveStdio(() => createServer()) from '@modelcontextprotocol/server/stdio' */
await server.connect(new StdioServerTransport());
