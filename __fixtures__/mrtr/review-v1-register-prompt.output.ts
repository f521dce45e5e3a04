import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'prompts', version: '1.0.0' });

server.registerPrompt(
  'release_notes',
  { description: 'Draft release notes', argsSchema: { version: z.string() } },
  async ({ version }) => {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const draft = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize changes for ${version}` } }],
      maxTokens: 400,
    });
    const text = draft.content.type === 'text' ? draft.content.text : '';
    return { messages: [{ role: 'user', content: { type: 'text', text: `Release notes:\n${text}` } }] };
  },
);

export default server;
