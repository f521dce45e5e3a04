import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const LANGUAGE = { type: 'object', properties: { language: { type: 'string', enum: ['en', 'fr', 'de'] } }, required: ['language'] };

export function build() {
  const server = new McpServer({ name: 'translator', version: '2.0.0' });

  server.registerTool(
    'translate_doc',
    { description: 'Translate a document: pick the language, then approve the draft', inputSchema: z.object({ doc: z.string() }) },
    async ({ doc }, ctx) => {
      const picked = await ctx.mcpReq.elicitInput({ message: `Translate ${doc} into which language?`, requestedSchema: LANGUAGE })
      if (picked.action !== 'accept') return { content: [{ type: 'text', text: 'Nothing translated.' }] }
      const language = String(picked.content.language)
      const started = new Date('2026-11-30T10:00:00Z')
      const draft = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `Translate ${doc} into ${language}` } }],
        maxTokens: 200,
      })
      const text = draft.content.type === 'text' ? draft.content.text : ''
      return { content: [{ type: 'text', text: `${doc} in ${language} (started ${started.toISOString()}): ${text}` }] }
    },
  )

  return server
}
