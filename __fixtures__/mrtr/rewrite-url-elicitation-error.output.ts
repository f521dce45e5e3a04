import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// Accounts whose OAuth sign-in finished. Module-level: every server instance (one per request) sees them.
const linkedAccounts = new Set<string>();

/** The OAuth callback route: the provider sends the user's browser here once they signed in. */
export function finishSignIn({ url }: { url: string }): void {
  const account = new URL(url).searchParams.get('login_hint');
  if (account) linkedAccounts.add(account);
}

export function build() {
  const server = new McpServer({ name: 'calendar-sync', version: '2.0.0' });

  server.registerTool(
    'sync_calendar',
    { description: 'Copy the events of a linked calendar account', inputSchema: z.object({ account: z.string() }) },
    async ({ account }, ctx) => {
      if (!linkedAccounts.has(account)) {
        const urlSyncCalendarResponse = inputResponse(ctx.mcpReq.inputResponses, 'url_sync_calendar');
        if (urlSyncCalendarResponse.kind !== 'elicit' || urlSyncCalendarResponse.action === 'accept') {
          return inputRequired({ inputRequests: { url_sync_calendar: inputRequired.elicitUrl({ message: `Sign in so the server can read the calendar of ${account}.`, url: `https://auth.example.com/authorize?login_hint=${encodeURIComponent(account)}` }) } });
        }
        throw new Error(`Calendar access for ${account} is required`);
      }
      return { content: [{ type: 'text', text: `Synced 3 events from the calendar of ${account}.` }] };
    },
  );

  return server;
}
