import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

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

/** Which size the user wants. */
async function pickSize(ctx: ServerContext): Promise<string> {
  const answer = await ctx.mcpReq.elicitInput({
    mode: 'form',
    message: 'Which size?',
    requestedSchema: { type: 'object', properties: { size: { type: 'string', enum: ['small', 'large'] } } },
  });
  return answer.action === 'accept' && typeof answer.content?.size === 'string' ? answer.content.size : 'small';
}

export function build(): McpServer {
  const server = new McpServer({ name: 'converter', version: '1.0.0' });
  server.registerTool(
    'convert',
    { description: 'Convert an image given as base64', inputSchema: z.object({ data: z.string() }) },
    async ({ data }, ctx) => {
      // A temporary copy of the input, removed when the call ends: a journaled path to it would outlive the round.
      const dir = await mkdtemp(path.join(tmpdir(), 'convert-'));
      try {
        const file = path.join(dir, 'input.bin');
        await writeFile(file, Buffer.from(data, 'base64'));
        const format = await pickFormat(ctx);
        return { content: [{ type: 'text', text: `converted ${file} to ${format}` }] };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
  server.registerTool(
    'exclusive',
    { description: 'One conversion at a time', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      if (busy) return { content: [{ type: 'text', text: 'Busy.' }], isError: true };
      // A flag the step would set once and the finally clear at the end of the first round: later rounds run unflagged.
      busy = true;
      try {
        const size = await pickSize(ctx);
        return { content: [{ type: 'text', text: `${name} at ${size}` }] };
      } finally {
        busy = false;
      }
    },
  );
  return server;
}
