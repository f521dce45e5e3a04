import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

interface Draft {
  title: string;
  summary?: string;
  tags?: string[];
}

/** Drafts are opened in the store (an effect, counted): the tool fills in what the model writes, then keeps it. */
let opened = 0;
let kept = 0;

async function openDraft(title: string): Promise<Draft> {
  opened++;
  return { title };
}

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { opened, kept };
}

async function write(ctx: ServerContext, what: string): Promise<string> {
  const answer = await ctx.mcpReq.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: what } }],
    maxTokens: 100,
  });
  return answer.content.type === 'text' ? answer.content.text : '';
}

export function build() {
  const server = new McpServer({ name: 'drafts', version: '1.0.0' });

  server.registerTool('keep', { inputSchema: z.object({ title: z.string() }) }, async ({ title }, ctx) => {
    const draft = await openDraft(title);
    // The value the effect gave is changed in place: a later round must still see it as the effect gave it.
    if (!draft.summary) {
      try {
        draft.summary = await write(ctx, `Summarize ${title}`);
      } catch {
        // No summary: keep the draft without one.
      }
    }
    if (!draft.tags) draft.tags = (await write(ctx, `Tag ${title}`)).split(' ');
    kept++;
    return { content: [{ type: 'text', text: `${draft.title}: ${draft.summary} [${draft.tags.join(', ')}]` }] };
  });

  return server;
}
