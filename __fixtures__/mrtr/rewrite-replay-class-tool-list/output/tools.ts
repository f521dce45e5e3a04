import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask } from './mcp-mrtr-runtime.js';

/** Every tool of this server implements this; server.ts registers a list of instances. */
export interface Tool {
  readonly name: string;
  readonly config: { description: string; inputSchema: z.ZodObject };
  execute(args: Record<string, any>, ctx: ServerContext): Promise<CallToolResult>;
}

const things = new Set(['alpha', 'beta']);

export class DeleteThingTool implements Tool {
  readonly name = 'delete_thing';
  readonly config = { description: 'Delete a thing', inputSchema: z.object({ id: z.string() }) };

  async execute(args: Record<string, any>, ctx: ServerContext): Promise<CallToolResult> {
    const id = String(args.id);
    if (!things.has(id)) return { content: [{ type: 'text', text: `No thing ${id}.` }], isError: true };
    const answer = await ask.elicitInput({
      message: `Delete ${id}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'Delete' } }, required: ['ok'] },
    });
    if (answer.action !== 'accept' || answer.content?.ok !== true) return { content: [{ type: 'text', text: `Kept ${id}.` }] };
    things.delete(id);
    return { content: [{ type: 'text', text: `Deleted ${id}.` }] };
  }
}

export class ListThingsTool implements Tool {
  readonly name = 'list_things';
  readonly config = { description: 'List the things', inputSchema: z.object({}) };

  async execute(): Promise<CallToolResult> {
    return { content: [{ type: 'text', text: [...things].sort().join(', ') }] };
  }
}
