import { AsyncLocalStorage } from 'node:async_hooks';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// A mail client with the same method names as the SDK server: none of its calls is a site, however it is typed.
interface Server {
  createMessage(draft: { to: string; body: string }): Promise<{ id: string }>;
  listRoots(): Promise<string[]>;
}
interface MailClient extends Server {
  sendRequest(request: { method: string }): Promise<unknown>;
}
type Outbox = Pick<MailClient, 'createMessage'>;

const mailbox = new AsyncLocalStorage<MailClient>();
declare function connect(): MailClient;

function currentClient(): MailClient {
  return mailbox.getStore() ?? connect();
}

async function notify(outbox: Outbox, to: string): Promise<string> {
  const sent = await outbox.createMessage({ to, body: 'Your report is ready.' });
  return sent.id;
}

async function folders({ sendRequest }: MailClient): Promise<unknown> {
  return sendRequest({ method: 'roots/list' });
}

export function build(): McpServer {
  const mcp = new McpServer({ name: 'reports', version: '1.0.0' });
  mcp.registerTool('send_report', { inputSchema: { to: z.string() } }, async ({ to }) => {
    const id = await notify(currentClient(), to);
    await mailbox.getStore()?.listRoots();
    await folders(currentClient());
    return { content: [{ type: 'text', text: id }] };
  });
  return mcp;
}
