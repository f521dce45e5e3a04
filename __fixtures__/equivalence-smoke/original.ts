// ORIGINAL (push-style, SDK v2): the server asks the client mid-call with ctx.mcpReq.elicitInput / requestSampling.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const CONFIRM = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const, title: 'Really delete?' } },
  required: ['confirm'],
};

const NEW_NAME = {
  type: 'object' as const,
  properties: { newName: { type: 'string' as const, title: 'New name' } },
  required: ['newName'],
};

export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });

  server.registerTool(
    'delete_note',
    { description: 'Delete a note after confirmation', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const r = await ctx.mcpReq.elicitInput({ message: `Delete note ${name}?`, requestedSchema: CONFIRM });
      if (r.action === 'accept') {
        if (r.content?.confirm === true) return { content: [{ type: 'text', text: `Deleted ${name}` }] };
        return { content: [{ type: 'text', text: `Kept ${name}` }] };
      }
      if (r.action === 'decline') return { content: [{ type: 'text', text: `Declined: ${name} was not deleted` }] };
      return { content: [{ type: 'text', text: 'Cancelled' }], isError: true };
    },
  );

  server.registerTool(
    'summarize_note',
    { description: 'Summarize a note with the client LLM', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const r = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize the note ${name}` } }],
        maxTokens: 100,
      });
      const text = !Array.isArray(r.content) && r.content.type === 'text' ? r.content.text : '(no text)';
      return { content: [{ type: 'text', text: `Summary of ${name}: ${text}` }] };
    },
  );

  server.registerTool(
    'rename_note',
    { description: 'Rename a note: ask for the new name, then confirm', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const a = await ctx.mcpReq.elicitInput({ message: `New name for ${name}?`, requestedSchema: NEW_NAME });
      if (a.action !== 'accept' || typeof a.content?.newName !== 'string') return { content: [{ type: 'text', text: 'Rename cancelled' }] };
      const newName = a.content.newName;
      const b = await ctx.mcpReq.elicitInput({ message: `Rename ${name} to ${newName}?`, requestedSchema: CONFIRM });
      if (b.action === 'accept' && b.content?.confirm === true) return { content: [{ type: 'text', text: `Renamed ${name} to ${newName}` }] };
      return { content: [{ type: 'text', text: `Kept ${name}` }] };
    },
  );

  server.registerPrompt(
    'review_note',
    { description: 'Review a note against the client roots', argsSchema: z.object({ name: z.string() }) },
    async ({ name }) => {
      const { roots } = await server.server.listRoots();
      const where = roots.map((root) => root.name ?? root.uri).join(', ');
      return { messages: [{ role: 'user', content: { type: 'text', text: `Review ${name} (roots: ${where})` } }] };
    },
  );

  server.registerResource('index', 'notes://index', { mimeType: 'text/plain' }, async (uri, ctx) => {
    const r = await ctx.mcpReq.elicitInput({ message: 'Include archived notes?', requestedSchema: CONFIRM });
    const archived = r.action === 'accept' && r.content?.confirm === true;
    return { contents: [{ uri: uri.href, text: archived ? 'groceries, archive/2019' : 'groceries' }] };
  });

  return server;
}
