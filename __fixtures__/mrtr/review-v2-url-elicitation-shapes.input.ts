import { McpServer, UrlElicitationRequiredError } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const linked = new Set<string>();
const CONFIRM = { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } as const;

export function build() {
  const server = new McpServer({ name: 'billing', version: '2.0.0' });

  // A catch block saw the old error; it would never see a returned input_required.
  server.registerTool('charge_card', { inputSchema: z.object({ user: z.string() }) }, async ({ user }) => {
    try {
      if (!linked.has(user)) {
        throw new UrlElicitationRequiredError([{ mode: 'url', message: 'Link a card first.', url: 'https://billing.example.com/link' }]);
      }
      return { content: [{ type: 'text', text: 'Charged.' }] };
    } catch (error) {
      console.error('charge failed', error);
      throw error;
    }
  });

  // Two URLs in one error: one ask per key, by hand.
  server.registerTool('link_accounts', { inputSchema: z.object({ user: z.string() }) }, async ({ user }) => {
    if (!linked.has(user)) {
      throw new UrlElicitationRequiredError([
        { mode: 'url', message: 'Link your bank.', url: 'https://bank.example.com/link' },
        { mode: 'url', message: 'Link your card.', url: 'https://billing.example.com/link' },
      ]);
    }
    return { content: [{ type: 'text', text: 'Linked.' }] };
  });

  // A prompt has no tool-error result for the declined case.
  server.registerPrompt('billing_summary', { argsSchema: z.object({ user: z.string() }) }, async ({ user }) => {
    if (!linked.has(user)) {
      throw new UrlElicitationRequiredError([{ mode: 'url', message: 'Link a card first.', url: 'https://billing.example.com/link' }]);
    }
    return { messages: [{ role: 'user', content: { type: 'text', text: `Summarise the billing of ${user}.` } }] };
  });

  // A URL error and a form ask in one handler.
  server.registerTool('refund', { inputSchema: z.object({ user: z.string() }) }, async ({ user }, ctx) => {
    const answer = await ctx.mcpReq.elicitInput({ message: `Refund ${user}?`, requestedSchema: CONFIRM });
    if (answer.action === 'accept' && !linked.has(user)) {
      throw new UrlElicitationRequiredError([{ mode: 'url', message: 'Link a card first.', url: 'https://billing.example.com/link' }]);
    }
    return { content: [{ type: 'text', text: answer.action }] };
  });

  // The elicitation is a const declared before the throw: the rewrite needs it written in place.
  server.registerTool('link_bank', { inputSchema: z.object({ user: z.string() }) }, async ({ user }) => {
    if (!linked.has(user)) {
      const elicitation = { mode: 'url' as const, message: 'Link your bank first.', url: 'https://billing.example.com/bank' };
      // A marker an earlier version wrote, with its message of then: this run brings the message up to date.
      /* @mcp-mrtr-review url-error-shape: the UrlElicitationRequiredError is not thrown directly with one literal URL elicitation ({ mode: 'url', message, url }), or its elicitationId is computed with effects; that cannot become one inputRequired.elicitUrl ask */
      throw new UrlElicitationRequiredError([elicitation]);
    }
    return { content: [{ type: 'text', text: `Bank of ${user} linked.` }] };
  });

  // A notifier whose handler asks nothing: the URL flow it completes started elsewhere.
  server.registerTool('resume_link', { inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
    const notify = server.server.createElicitationCompletionNotifier(id);
    await notify();
    return { content: [{ type: 'text', text: 'Resumed.' }] };
  });

  return server;
}
