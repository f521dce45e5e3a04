import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { Scratch } from './scratch.js';

/** Which format the user wants. */
async function pickFormat(ctx: ServerContext): Promise<string> {
  const answer = await ctx.mcpReq.elicitInput({
    mode: 'form',
    message: 'Which format?',
    requestedSchema: { type: 'object', properties: { format: { type: 'string', enum: ['png', 'webp'] } } },
  });
  return answer.action === 'accept' && typeof answer.content?.format === 'string' ? answer.content.format : 'png';
}

/** Which size the user wants, for the files of a directory. */
async function pickSizeFor(ctx: ServerContext, dir: string): Promise<string> {
  const answer = await ctx.mcpReq.elicitInput({
    mode: 'form',
    message: `Which size for ${path.basename(dir).length > 0 ? 'the copy' : 'nothing'}?`,
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
      // A temporary copy of the input, removed when the call ends: the directory handed to rm is journaled (rm might
      // only read it), and a later round would get the record of a directory the first round's end removed.
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
    'resize',
    { description: 'Resize into a temporary directory', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'resize-'));
      try {
        // The directory is only handed to rm: journaled, the record outlives the first round's end.
        const size = await pickSizeFor(ctx, dir);
        return { content: [{ type: 'text', text: `${name} at ${size}` }] };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
  server.registerTool(
    'stage',
    { description: 'Stage the input in a scratch directory', inputSchema: z.object({ data: z.string() }) },
    async ({ data }, ctx) => {
      // The scratch directory is opened anew on each round, but the write into it is an effect: journaled, a later
      // round would skip it and read nothing.
      const scratch = await Scratch.open();
      try {
        await scratch.write('input.txt', data);
        const format = await pickFormat(ctx);
        return { content: [{ type: 'text', text: `${await scratch.read('input.txt')} as ${format}` }] };
      } finally {
        await scratch.remove();
      }
    },
  );
  return server;
}
