import { z } from 'zod';
import { AppServer, type Server } from './index.js';

async function workspaceRoots(server: Server): Promise<string[]> {
  /* @mcp-mrtr-review mixed-callers: reached both from MRTR-capable handlers and from contexts that cannot answer input_required */
  const listed = await server.listRoots();
  return listed.roots.map((root) => root.uri);
}

export function createServer(): AppServer {
  const app = new AppServer({ name: 'workspace', version: '1.0.0' });
  app.registerTool('roots', { inputSchema: { verbose: z.boolean() } }, async ({ verbose }) => {
    const roots = await workspaceRoots(app.server);
    return { content: [{ type: 'text', text: verbose ? roots.join('\n') : String(roots.length) }] };
  });
  return app;
}

export async function reviewRoots(server: Server): Promise<number> {
  return (await workspaceRoots(server)).length;
}
