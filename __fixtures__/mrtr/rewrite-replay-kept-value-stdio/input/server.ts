import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

let opened = 0;

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { opened };
}

/** A editing session on a document: opened once per call, with behaviour of its own. */
class Session {
  private title: string;

  constructor(readonly document: string) {
    this.title = document.toUpperCase();
  }

  describe(): string {
    return `${this.document} (${this.title})`;
  }

  rename(title: string): void {
    this.title = title;
  }
}

async function openSession(document: string): Promise<Session> {
  opened++;
  return new Session(document);
}

async function askTitle(ctx: ServerContext, session: Session): Promise<string | undefined> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `New title for ${session.describe()}?`,
    requestedSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
  });
  return answer.action === 'accept' ? String(answer.content?.title) : undefined;
}

export function build() {
  const server = new McpServer({ name: 'docs', version: '1.0.0' });
  server.registerTool('retitle', { inputSchema: z.object({ document: z.string() }) }, async ({ document }, ctx) => {
    const session = await openSession(document);
    const title = await askTitle(ctx, session);
    if (title) session.rename(title);
    return { content: [{ type: 'text', text: `Now ${session.describe()} (sessions opened: ${opened}).` }] };
  });
  return server;
}
