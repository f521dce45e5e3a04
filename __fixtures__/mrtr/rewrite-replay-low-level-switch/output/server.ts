import { Server } from '@modelcontextprotocol/server';
import { confirmEach, pickFile, summarize } from './helpers.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

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
