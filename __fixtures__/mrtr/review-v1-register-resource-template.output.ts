import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageResultSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const notes = new Map<string, string>([['1', 'Buy milk']]);

// A template callback gets (uri, variables, extra).
server.registerResource(
  'note-summary',
  new ResourceTemplate('notes://{id}/summary', { list: undefined }),
  { description: 'A note summarized by the client model' },
  async (uri, { id }, extra) => {
    const body = notes.get(String(id)) ?? '';
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const reply = await extra.sendRequest(
      {
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${body}` } }], maxTokens: 80 },
      },
      CreateMessageResultSchema,
    );
    return { contents: [{ uri: uri.href, text: reply.content.type === 'text' ? reply.content.text : body }] };
  },
);

export default server;
