// A FastMCP server in plain JavaScript: one tool samples through the first connected session, another hands the
// session to a model class kept in another file (which never imports fastmcp itself).
import { FastMCP } from 'fastmcp';
import { z } from 'zod';
import { SessionModel } from './model.js';

const server = new FastMCP({ name: 'digest', version: '1.0.0' });

server.addTool({
  name: 'summarize',
  description: 'Summarize a page',
  parameters: z.object({ text: z.string() }),
  execute: async ({ text }) => {
    const active = server.sessions[0];
    if (!active) throw new Error('no session to sample from');
    /* @mcp-mrtr-review framework-api: push-style request made through a framework (its own API, or the SDK server its handler context carries): the framework owns the handler, so this tool cannot rewrite it: FastMCP (`fastmcp`): upgrade to a release of FastMCP with MRTR support, or move this tool onto the SDK's MRTR API (inputRequired / inputResponse) */
    const reply = await active.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }],
      maxTokens: 200,
    });
    return reply.content.text;
  },
});

server.addTool({
  name: 'title',
  description: 'Suggest a title',
  parameters: z.object({ text: z.string() }),
  execute: async ({ text }, { session }) => {
    const model = new SessionModel(session);
    return model.complete(`Suggest a title for: ${text}`);
  },
});

server.start({ transportType: 'stdio' });
