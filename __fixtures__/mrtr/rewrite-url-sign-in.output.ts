import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'calendar', version: '2.0.0' });

  server.registerTool(
    'connect_calendar',
    { description: 'Connect a calendar account through the browser', inputSchema: z.object({ account: z.string() }) },
    async ({ account }, ctx) => {
      const signIn = inputResponse(ctx.mcpReq.inputResponses, 'connect_calendar_sign_in');
      if (signIn.kind !== 'elicit') {
        return inputRequired({ inputRequests: { connect_calendar_sign_in: inputRequired.elicitUrl({ message: `Sign in to connect the calendar of ${account}.`, url: `https://auth.example.com/authorize?login_hint=${encodeURIComponent(account)}` }) } });
      }
      if (signIn.action !== 'accept') {
        return { content: [{ type: 'text', text: `Calendar of ${account} not connected (${signIn.action}).` }] };
      }
      return { content: [{ type: 'text', text: `Calendar of ${account} connected.` }] };
    },
  );

  return server;
}
