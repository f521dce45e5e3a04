import { McpServer, ResourceTemplate, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams, type CreateMessageRequestParams, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askLoanDays } from './ask.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

/** A sampling or roots answer, parsed as the old createMessage / listRoots parsed the client's result. */
function checkedAnswer<T extends 'CreateMessageResult' | 'CreateMessageResultWithTools' | 'ListRootsResult'>(type: T, answer: unknown): SpecTypes[T] {
  const validation = specTypeSchemas[type]['~standard'].validate(answer);
  if (validation.issues) {
    const problems = validation.issues.map((issue) => issue.message).join(', ');
    throw new SdkError(SdkErrorCode.InvalidResult, type === 'ListRootsResult' ? `Invalid result for roots/list: ${problems}` : `Invalid sampling/createMessage result: ${problems}`);
  }
  return validation.value as SpecTypes[T];
}

// A v1 library desk: a tool that asks in its body, a tool whose question sits in a helper, a prompt that
// samples the client's model and a resource template that reads the client's roots.
const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const books: Record<string, { title: string; onLoan: boolean }> = {
  b1: { title: 'The Left Hand of Darkness', onLoan: false },
  b2: { title: 'Piranesi', onLoan: true },
};

export function build(): McpServer {
  const server = new McpServer({ name: 'library-desk', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('reserve', { description: 'Reserve a book', inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
    const book = books[id];
    if (!book) return { ...text(`No book ${id}`), isError: true };
    const answerRequest: ElicitRequestFormParams = {
      message: `Reserve "${book.title}"?`,
      requestedSchema: { type: 'object', properties: { pickup: { type: 'string', enum: ['front desk', 'locker'] } }, required: ['pickup'] },
    };
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'reserve_ask');
    if (answer.kind !== 'elicit') {
      return inputRequired({ inputRequests: { reserve_ask: inputRequired.elicit(answerRequest) } });
    }
    if (answer.action === 'accept' && answer.content) {
      const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    if (answer.action !== 'accept') return text('No reservation.');
    return text(`Reserved "${book.title}" for pickup at the ${String(answer.content?.pickup)}.`);
  });

  server.registerTool('lend', { description: 'Lend a book', inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ id }) => {
    const book = books[id];
    if (!book || book.onLoan) return { ...text(`Book ${id} cannot be lent`), isError: true };
    const days = await askLoanDays(server, book.title);
    return text(days === undefined ? 'Not lent.' : `Lent "${book.title}" for ${days} days.`);
  }, { name: 'lend' }));

  server.registerPrompt('blurb', { description: 'A blurb for a book', argsSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
    const book = books[id];
    const replyRequest: CreateMessageRequestParams = {
      messages: [{ role: 'user', content: { type: 'text', text: `One sentence about ${book?.title ?? 'an unknown book'}` } }],
      maxTokens: 60,
    };
    const replyResponse = inputResponse(ctx.mcpReq.inputResponses, 'blurb_sample');
    if (replyResponse.kind !== 'sampling') {
      return inputRequired({ inputRequests: { blurb_sample: inputRequired.createMessage(replyRequest) } });
    }
    const reply = checkedAnswer('CreateMessageResult', replyResponse.result);
    const blurb = reply.content.type === 'text' ? reply.content.text : '';
    return { messages: [{ role: 'assistant', content: { type: 'text', text: blurb || '(no blurb)' } }] };
  });

  server.registerResource('shelf', new ResourceTemplate('shelf://{name}', { list: undefined }), { description: 'A shelf on the client' }, async (uri, { name }, ctx) => {
    const shelfRootsResponse = inputResponse(ctx.mcpReq.inputResponses, 'shelf_roots');
    if (shelfRootsResponse.kind !== 'roots') {
      return inputRequired({ inputRequests: { shelf_roots: inputRequired.listRoots() } });
    }
    const { roots } = checkedAnswer('ListRootsResult', { roots: shelfRootsResponse.roots });
    const root = roots.find((r) => r.name === name);
    return { contents: [{ uri: uri.href, text: root ? root.uri : `no root named ${String(name)}` }] };
  });

  return server;
}
