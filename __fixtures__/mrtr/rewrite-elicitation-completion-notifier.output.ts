import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// Sign-ins waiting for the OAuth callback (elicitation id -> completion notifier) and the drives already linked.
// Module-level: the callback route and every server instance share them.
const pendingSignIns = new Map<string, () => Promise<void>>();
const linkedDrives = new Set<string>();

/** The OAuth callback route: links the drive and tells the client the URL elicitation is complete. */
export async function finishSignIn({ url }: { url: string }): Promise<void> {
  const state = new URL(url).searchParams.get('state') ?? '';
  linkedDrives.add(state.replace(/^drive-/, ''));
  const notifyDone = pendingSignIns.get(state);
  pendingSignIns.delete(state);
  await notifyDone?.();
}

export function build() {
  const server = new McpServer({ name: 'drive', version: '2.0.0' });

  server.registerTool(
    'connect_drive',
    { description: 'Connect a cloud drive through the browser', inputSchema: z.object({ account: z.string() }) },
    async ({ account }, ctx) => {
      const elicitationId = `drive-${account}`;
      const notifyDone = async () => {};
      const signIn = inputResponse(ctx.mcpReq.inputResponses, 'connect_drive_sign_in');
      if (signIn.kind !== 'elicit') {
        return inputRequired({ inputRequests: { connect_drive_sign_in: inputRequired.elicitUrl({ message: `Sign in to connect the drive of ${account}.`, url: `https://auth.example.com/authorize?state=${elicitationId}` }) } });
      }
      if (signIn.action !== 'accept') {
        return { content: [{ type: 'text', text: `Drive of ${account} not connected (${signIn.action}).` }] };
      }
      if (linkedDrives.has(account)) {
        // The sign-in already finished: tell the client now.
        await notifyDone();
        return { content: [{ type: 'text', text: `Drive of ${account} connected.` }] };
      }
      pendingSignIns.set(elicitationId, notifyDone);
      return { content: [{ type: 'text', text: `Finish signing in for ${account} in the browser, then call connect_drive again.` }] };
    },
  );

  return server;
}
