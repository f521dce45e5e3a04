import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { Scratch } from './scratch.js';
import { tracer } from './tracer.js';

let busy = false;

/** Which format the user wants. */
async function pickFormat(ctx: ServerContext): Promise<string> {
  const answer = await ctx.mcpReq.elicitInput({
    mode: 'form',
    message: 'Which format?',
    requestedSchema: { type: 'object', properties: { format: { type: 'string', enum: ['png', 'webp'] } } },
  });
  return answer.action === 'accept' && typeof answer.content?.format === 'string' ? answer.content.format : 'png';
}

export function build(): McpServer {
  const server = new McpServer({ name: 'converter', version: '1.0.0' });
  server.registerTool(
    'exclusive',
    { description: 'One conversion at a time', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      if (busy) return { content: [{ type: 'text', text: 'Busy.' }], isError: true };
      // A flag set while the call runs and cleared when it ends: set again on each round, cleared at each round's end.
      busy = true;
      try {
        const format = await pickFormat(ctx);
        return { content: [{ type: 'text', text: `${name} as ${format} (busy: ${busy})` }] };
      } finally {
        busy = false;
      }
    },
  );
  server.registerTool(
    'traced',
    { description: 'A conversion inside a span', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const span = tracer.startSpan('tool.traced');
      try {
        const format = await pickFormat(ctx);
        return { content: [{ type: 'text', text: `${name} as ${format} (${span.name}, open spans: ${tracer.opened})` }] };
      } finally {
        span.end();
      }
    },
  );
  server.registerTool(
    'scratch',
    { description: 'Write the answer to a scratch file and read it back', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      // A scratch directory removed when the call ends; nothing is written to it before the ask.
      const scratch = await Scratch.open();
      try {
        const format = await pickFormat(ctx);
        await scratch.write('format.txt', `${name}.${format}`);
        return { content: [{ type: 'text', text: await scratch.read('format.txt') }] };
      } finally {
        await scratch.remove();
      }
    },
  );
  return server;
}
