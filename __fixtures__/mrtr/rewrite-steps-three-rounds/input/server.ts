import { McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const NAME: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 } },
  required: ['name'],
};

export function build() {
  const server = new McpServer({ name: 'projects', version: '2.0.0' });

  // Three rounds: a name, a template chosen by the client's model, then the workspace roots.
  server.registerTool(
    'create_project',
    { description: 'Create a project in three steps', inputSchema: z.object({ team: z.string() }) },
    async ({ team }, ctx) => {
      const named = await ctx.mcpReq.elicitInput({ message: `Name the new project of ${team}`, requestedSchema: NAME });
      if (named.action !== 'accept' || !named.content) return { content: [{ type: 'text', text: 'No project created.' }] };
      const name = String(named.content.name).trim();
      const suggestion = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `Suggest a template for a project called ${name}` } }],
        maxTokens: 50,
      });
      const template: string = !Array.isArray(suggestion.content) && suggestion.content.type === 'text' ? suggestion.content.text : 'blank';
      const { roots } = await server.server.listRoots();
      const where = roots.length > 0 ? roots[0].uri : 'file:///tmp';
      return { content: [{ type: 'text', text: `Created ${name} for ${team} from ${template} in ${where}.` }] };
    },
  );

  // A prompt that asks twice: the topic, then the tone for that topic.
  server.registerPrompt(
    'draft_post',
    { description: 'Draft a post after two questions' },
    async (ctx) => {
      const topic = await ctx.mcpReq.elicitInput({ message: 'What is the post about?', requestedSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] } });
      const subject = topic.action === 'accept' && topic.content ? String(topic.content.topic) : 'news';
      const tone = await ctx.mcpReq.elicitInput({ message: `Which tone for a post about ${subject}?`, requestedSchema: { type: 'object', properties: { tone: { type: 'string' } } } });
      const style = tone.action === 'accept' && tone.content?.tone ? String(tone.content.tone) : 'neutral';
      return { messages: [{ role: 'user', content: { type: 'text', text: `Write a ${style} post about ${subject}.` } }] };
    },
  );

  return server;
}
