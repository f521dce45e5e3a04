import { server } from './server.js';
import { customerTools } from './tools/customers.js';
import { apiFactories } from './tools/summaries.js';

const allTools = [...customerTools];

for (const tool of allTools) {
  server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, async (args: any) => {
    try {
      return { content: [{ type: 'text' as const, text: JSON.stringify(await tool.handler(args)) }] };
    } catch (err) {
      return { content: [{ type: 'text' as const, text: err instanceof Error ? err.message : String(err) }], isError: true };
    }
  });
}

for (const factory of apiFactories) {
  const tool = factory({ style: 'In one line' });
  server.registerTool(tool.name, tool.config, async (args) => ({ content: [{ type: 'text' as const, text: await tool.fn(args) }] }));
}

// The harness (and a serving factory) gets the one module-level server.
export function build() {
  return server;
}
