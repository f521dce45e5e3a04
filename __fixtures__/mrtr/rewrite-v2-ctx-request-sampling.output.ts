import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';

export function build() {
  const server = new McpServer({ name: 'prompts', version: '2.0.0' });

  // No argsSchema: the callback receives only the context.
  server.registerPrompt('daily_brief', { description: 'A brief written by the client model' }, async (ctx) => {
    const replyResponse = inputResponse(ctx.mcpReq.inputResponses, 'daily_brief_sample');
    if (replyResponse.kind !== 'sampling') {
      return inputRequired({ inputRequests: { daily_brief_sample: inputRequired.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: 'Write a two-line daily brief.' } }],
        maxTokens: 100,
      }) } });
    }
    const reply = replyResponse.result;
    const text = !Array.isArray(reply.content) && reply.content.type === 'text' ? reply.content.text : '';
    return { messages: [{ role: 'assistant', content: { type: 'text', text } }] };
  });

  return server;
}
