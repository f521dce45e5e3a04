import { Server, createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { confirmEach, pickFile, summarize } from './helpers.js';
import { withAsks } from './mcp-mrtr-runtime.js';

// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is signed
// with MCP_REQUEST_STATE_SECRET (at least 32 bytes, the same on every server instance), expires, and is bound to the
// request method and the authenticated client.
const requestStateSecret = process.env.MCP_REQUEST_STATE_SECRET ?? '';
if (new TextEncoder().encode(requestStateSecret).length < 32) {
  throw new Error('MCP_REQUEST_STATE_SECRET must be set to a secret of at least 32 bytes, the same on every server instance: it signs the requestState of multi-round requests');
}
// A secret anyone could guess is refused too: a word repeated, or little variety (repeated characters).
if (entropyBits(requestStateSecret) < 80 || /^(.+)\1+$/s.test(requestStateSecret)) {
  throw new Error('MCP_REQUEST_STATE_SECRET is too easy to guess (repeated characters or a repeated word): set it to random bytes, e.g. the output of `openssl rand -base64 32`');
}
const requestStateCodec = createRequestStateCodec({
  key: requestStateSecret,
  ttlSeconds: 600,
  bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
});

/** Bits of entropy estimated from character frequencies: low for repeated characters and little variety. */
function entropyBits(text: string): number {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / chars.length);
  return bits;
}

const FILES: Record<string, string> = {
  'notes/2026-q3.md': 'Revenue grew in the third quarter while costs stayed flat across teams.',
  'notes/2026-q4.md': 'Hiring paused in the fourth quarter; two launches slipped to January.',
  'todo.md': 'Renew the certificate and rotate the deploy keys before the audit.',
};

export function build() {
  const server = new Server({ name: 'notes-archive', version: '0.9.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });

  server.setRequestHandler('tools/call', withAsks(server, requestStateCodec, async (request) => {
    const args = (request.params.arguments ?? {}) as { query?: string };
    switch (request.params.name) {
      case 'summarize_note': {
        const matches = Object.keys(FILES).filter((name) => name.includes(args.query ?? ''));
        const file = await pickFile(server, matches);
        if (!file) return { content: [{ type: 'text', text: 'No file chosen.' }] };
        return { content: [{ type: 'text', text: `${file}: ${await summarize(server, FILES[file] ?? '')}` }] };
      }
      case 'archive_notes': {
        const kept = await confirmEach(server, Object.keys(FILES).filter((name) => name.startsWith('notes/')));
        return { content: [{ type: 'text', text: `Archived: ${kept.join(', ') || 'nothing'}` }] };
      }
      default:
        return { content: [{ type: 'text', text: `Unknown tool ${request.params.name}` }], isError: true };
    }
  }));

  return server;
}
