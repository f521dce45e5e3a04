import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { askLoanDays } from './ask.js';

// A v1 library desk: a tool that asks in its body, a tool whose question sits in a helper, a prompt that
// samples the client's model and a resource template that reads the client's roots.
const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const books: Record<string, { title: string; onLoan: boolean }> = {
  b1: { title: 'The Left Hand of Darkness', onLoan: false },
  b2: { title: 'Piranesi', onLoan: true },
};

export function build(): McpServer {
  const server = new McpServer({ name: 'library-desk', version: '1.0.0' });

  server.registerTool('reserve', { description: 'Reserve a book', inputSchema: { id: z.string() } }, async ({ id }) => {
    const book = books[id];
    if (!book) return { ...text(`No book ${id}`), isError: true };
    const answer = await server.server.elicitInput({
      message: `Reserve "${book.title}"?`,
      requestedSchema: { type: 'object', properties: { pickup: { type: 'string', enum: ['front desk', 'locker'] } }, required: ['pickup'] },
    });
    if (answer.action !== 'accept') return text('No reservation.');
    return text(`Reserved "${book.title}" for pickup at the ${String(answer.content?.pickup)}.`);
  });

  server.registerTool('lend', { description: 'Lend a book', inputSchema: { id: z.string() } }, async ({ id }) => {
    const book = books[id];
    if (!book || book.onLoan) return { ...text(`Book ${id} cannot be lent`), isError: true };
    const days = await askLoanDays(server, book.title);
    return text(days === undefined ? 'Not lent.' : `Lent "${book.title}" for ${days} days.`);
  });

  server.registerPrompt('blurb', { description: 'A blurb for a book', argsSchema: { id: z.string() } }, async ({ id }) => {
    const book = books[id];
    const reply = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `One sentence about ${book?.title ?? 'an unknown book'}` } }],
      maxTokens: 60,
    });
    const blurb = reply.content.type === 'text' ? reply.content.text : '';
    return { messages: [{ role: 'assistant', content: { type: 'text', text: blurb || '(no blurb)' } }] };
  });

  server.registerResource('shelf', new ResourceTemplate('shelf://{name}', { list: undefined }), { description: 'A shelf on the client' }, async (uri, { name }) => {
    const { roots } = await server.server.listRoots();
    const root = roots.find((r) => r.name === name);
    return { contents: [{ uri: uri.href, text: root ? root.uri : `no root named ${String(name)}` }] };
  });

  return server;
}
