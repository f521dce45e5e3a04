// MikeBild/wikikit's shape: the URL ask sits in a method of a context object the project types, its params typed by
// the project's own request interface (`mode: 'url'`), and an accepted review keeps a completion notifier for the
// review page's callback. The mode is read from that declared type: the notifier goes with the replayed URL ask.
import { McpServer, type ElicitResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

interface UrlReviewRequest {
  mode: 'url';
  elicitationId: string;
  url: string;
  message: string;
}

interface ReviewContext {
  elicitUrl(request: UrlReviewRequest): Promise<ElicitResult>;
}

const reviews = new Map<string, () => Promise<void>>();

async function requestReview(proposal: string, context: ReviewContext): Promise<string> {
  const answer = await context.elicitUrl({
    mode: 'url',
    elicitationId: `review-${proposal}`,
    url: `https://wiki.example.com/review/${encodeURIComponent(proposal)}`,
    message: `Review proposal ${proposal}`,
  });
  return answer.action === 'accept' ? `Review of ${proposal} opened.` : `Review ${answer.action}.`;
}

export function build(): McpServer {
  const server = new McpServer({ name: 'wiki', version: '1.0.0' });
  server.registerTool(
    'review_proposal',
    { description: 'Ask a human to review a proposal', inputSchema: z.object({ proposal: z.string() }) },
    async ({ proposal }, ctx) => {
      const context: ReviewContext = {
        async elicitUrl(request) {
          const result = await ctx.mcpReq.elicitInput(request);
          if (result.action === 'accept')
            reviews.set(request.elicitationId, server.server.createElicitationCompletionNotifier(request.elicitationId));
          return result;
        },
      };
      return { content: [{ type: 'text', text: await requestReview(proposal, context) }] };
    },
  );
  return server;
}
