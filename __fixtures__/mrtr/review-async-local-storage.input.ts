import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// Each tool call runs inside the store's scope, so code deep in the call tree can reach the server without it
// being passed down.
const activeServer = new AsyncLocalStorage<Server>();
const activeRequest: AsyncLocalStorage<{ server: Server; user: string }> = new AsyncLocalStorage();

async function askForBudget(): Promise<number> {
  const answer = await activeServer.getStore()!.elicitInput({
    message: 'Budget?',
    requestedSchema: { type: 'object', properties: { amount: { type: 'number' } } },
  });
  return Number(answer.content?.amount ?? 0);
}

async function projectRoots(): Promise<string[]> {
  const listed = await activeServer.getStore()?.listRoots();
  return listed?.roots.map((root) => root.uri) ?? [];
}

async function draftPlan(goal: string): Promise<string> {
  const store = activeRequest.getStore();
  const result = await store?.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Plan for ${store.user}: ${goal}` } }],
    maxTokens: 300,
  });
  return result?.content.type === 'text' ? result.content.text : '';
}

export function build(): McpServer {
  const mcp = new McpServer({ name: 'planner', version: '1.0.0' });
  mcp.registerTool('plan', { inputSchema: { goal: z.string() } }, async ({ goal }) =>
    activeServer.run(mcp.server, () =>
      activeRequest.run({ server: mcp.server, user: 'me' }, async () => {
        const budget = await askForBudget();
        const roots = await projectRoots();
        const plan = await draftPlan(goal);
        return { content: [{ type: 'text', text: `${plan} (${budget}, ${roots.length} roots)` }] };
      }),
    ),
  );
  return mcp;
}
