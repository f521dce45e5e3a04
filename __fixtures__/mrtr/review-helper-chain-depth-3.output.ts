import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

async function askModel(server: McpServer, prompt: string): Promise<string> {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const reply = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
    maxTokens: 150,
  });
  return reply.content.type === 'text' ? reply.content.text : '';
}

async function describeChange(server: McpServer, diff: string): Promise<string> {
  return askModel(server, `Describe this change:\n${diff}`);
}

async function buildCommitMessage(server: McpServer, diff: string): Promise<string> {
  const summary = await describeChange(server, diff);
  return `chore: ${summary.split('\n')[0]}`;
}

const server = new McpServer({ name: 'git-helper', version: '1.0.0' });

server.registerTool('commit_message', { description: 'Draft a commit message', inputSchema: { diff: z.string() } }, async ({ diff }) => ({
  content: [{ type: 'text', text: await buildCommitMessage(server, diff) }],
}));

export default server;
