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
        /* @mcp-mrtr-review url-error-in-try: the UrlElicitationRequiredError is thrown inside a try block of its handler: a catch or finally there saw the old error, but would not see a returned input_required */
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
      /* @mcp-mrtr-review url-error-shape: this UrlElicitationRequiredError is not in the shape that becomes one inputRequired.elicitUrl ask (thrown where it is built, with one { mode: 'url', message, url } written in place, its elicitationId computed without effects): it throws 2 elicitations: one tool call can ask one URL this way */
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
      /* @mcp-mrtr-review url-error-not-tool: the UrlElicitationRequiredError is thrown outside a registered tool (a prompt, a resource or a low-level request handler): there a declined URL elicitation cannot end with the same result as before */
      throw new UrlElicitationRequiredError([{ mode: 'url', message: 'Link a card first.', url: 'https://billing.example.com/link' }]);
    }
    return { messages: [{ role: 'user', content: { type: 'text', text: `Summarise the billing of ${user}.` } }] };
  });

  // A URL error and a form ask in one handler.
  server.registerTool('refund', { inputSchema: z.object({ user: z.string() }) }, async ({ user }, ctx) => {
    /* @mcp-mrtr-review several-asks: the handler asks more than once in a shape the step-function rewrite does not cover yet (an ask inside a branch, loop or nested block, several asks in one statement, or one of them in a helper) */
    const answer = await ctx.mcpReq.elicitInput({ message: `Refund ${user}?`, requestedSchema: CONFIRM });
    if (answer.action === 'accept' && !linked.has(user)) {
      /* @mcp-mrtr-review several-asks: the handler asks more than once in a shape the step-function rewrite does not cover yet (an ask inside a branch, loop or nested block, several asks in one statement, or one of them in a helper) */
      throw new UrlElicitationRequiredError([{ mode: 'url', message: 'Link a card first.', url: 'https://billing.example.com/link' }]);
    }
    return { content: [{ type: 'text', text: answer.action }] };
  });

  // The elicitation is a const declared before the throw: the rewrite needs it written in place.
  server.registerTool('link_bank', { inputSchema: z.object({ user: z.string() }) }, async ({ user }) => {
    if (!linked.has(user)) {
      const elicitation = { mode: 'url' as const, message: 'Link your bank first.', url: 'https://billing.example.com/bank' };
      // A marker an earlier version wrote, with its message of then: this run brings the message up to date.
      /* @mcp-mrtr-review url-error-shape: this UrlElicitationRequiredError is not in the shape that becomes one inputRequired.elicitUrl ask (thrown where it is built, with one { mode: 'url', message, url } written in place, its elicitationId computed without effects): its elicitation (`elicitation`) is not an object literal written in the throw: write { mode: 'url', message, url } there */
      throw new UrlElicitationRequiredError([elicitation]);
    }
    return { content: [{ type: 'text', text: `Bank of ${user} linked.` }] };
  });

  // A notifier whose handler asks nothing: the URL flow it completes started elsewhere.
  server.registerTool('resume_link', { inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
    /* @mcp-mrtr-review completion-notifier: completion notifier: notifications/elicitation/complete no longer exists in 2026-07-28, and the URL ask it belongs to is not rewritten here (or the notifier is not written in that handler) */
    const notify = server.server.createElicitationCompletionNotifier(id);
    await notify();
    return { content: [{ type: 'text', text: 'Resumed.' }] };
  });

  return server;
}
