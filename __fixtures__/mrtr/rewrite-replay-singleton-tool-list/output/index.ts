import { server, requestStateCodec } from './server.js';
import { customerTools } from './tools/customers.js';
import { apiFactories } from './tools/summaries.js';
import { isInputRequiredSignal, withAsks } from './mcp-mrtr-runtime.js';

const allTools = [...customerTools];

for (const tool of allTools) {
  server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, withAsks(server.server, requestStateCodec, async (args: any) => {
    try {
      return { content: [{ type: 'text' as const, text: JSON.stringify(await tool.handler(args)) }] };
    } catch (err) {
      if (isInputRequiredSignal(err)) throw err;
      return { content: [{ type: 'text' as const, text: err instanceof Error ? err.message : String(err) }], isError: true };
    }
  }, { name: tool.name }));
}

for (const factory of apiFactories) {
  const tool = factory({ style: 'In one line' });
  server.registerTool(tool.name, tool.config, withAsks(server.server, requestStateCodec, async (args) => ({ content: [{ type: 'text' as const, text: await tool.fn(args) }] }), { name: tool.name }));
}

// The harness (and a serving factory) gets the one module-level server.
export function build() {
  return server;
}
