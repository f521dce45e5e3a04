import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// Servers are kept per session by a registry whose storage is untyped; the getter, the method and the function
// declare what they return, and that is what proves the receivers.
const live = new Map<string, unknown>();

export class SessionRegistry {
  constructor(private readonly defaultSession: string) {}

  get server(): Server {
    return live.get(this.defaultSession) as Server;
  }

  getServerForSession(sessionId: string): Server {
    return live.get(sessionId) as Server;
  }
}

export function currentServer(): Server | undefined {
  return live.get('current') as Server | undefined;
}

export async function gatherContext(registry: SessionRegistry, sessionId: string): Promise<string> {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const roots = await registry.server.listRoots();
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const summary = await registry.getServerForSession(sessionId).createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarise ${roots.roots.length} roots` } }],
    maxTokens: 200,
  });
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const answer = await currentServer()?.elicitInput({
    message: 'Share the summary?',
    requestedSchema: { type: 'object', properties: {} },
  });
  return answer?.action === 'accept' ? JSON.stringify(summary.content) : '';
}

export function register(mcp: McpServer, registry: SessionRegistry): void {
  mcp.registerTool('context', {}, async (extra) => ({
    content: [{ type: 'text', text: await gatherContext(registry, extra.sessionId ?? 'default') }],
  }));
}
