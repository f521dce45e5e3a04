// Look-alikes in files that import the SDK or a framework: none is a push-style request.
import type { ToolExtraArguments } from 'xmcp';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import sample from 'lodash/sample.js';

interface Mailer {
  createMessage(draft: { to: string; subject: string; body: string }): Promise<string>;
  listRoots(folder: string): Promise<string[]>;
  request(call: { method: string; params: unknown }): Promise<void>;
}

const picker = { sample: (items: string[]) => items[0] };

export async function pickColor(_: unknown, extra: ToolExtraArguments): Promise<CallToolResult> {
  const first = sample(['red', 'green']);
  const second = picker.sample(['blue', 'black']);
  return { content: [{ type: 'text', text: `${first} ${second} ${extra.clientInfo?.name ?? ''}` }] };
}

export async function notify(mailer: Mailer, to: string) {
  const draft = await mailer.createMessage({ to, subject: 'Report', body: 'Attached.' });
  const folders = await mailer.listRoots('inbox');
  return mailer.request({ method: 'send', params: { draft, folders } });
}

class FakeServer {
  async elicitInput(params: { message: string; requestedSchema: unknown }) {
    return { action: 'decline', params };
  }
}

export async function rehearse() {
  return new FakeServer().elicitInput({ message: 'Dry run?', requestedSchema: {} });
}
