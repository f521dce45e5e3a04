import Anthropic from '@anthropic-ai/sdk';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const anthropic = new Anthropic();
const llm = {
  async createMessage(prompt: string): Promise<string> {
    const message = await anthropic.messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 300,
      messages: [{ role: 'user', content: prompt }],
    });
    const first = message.content[0];
    return first?.type === 'text' ? first.text : '';
  },
};

const server = new McpServer({ name: 'summarizer', version: '1.0.0' });

server.registerTool('summarize', { description: 'Summarize with our own model', inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: 'text', text: await llm.createMessage(`Summarize: ${text}`) }],
}));

export default server;
