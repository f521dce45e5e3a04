#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer, inputRequired, inputResponse, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import { z } from 'zod';

function build(): McpServer {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool('greet', { description: 'Greet someone, if the user agrees', inputSchema: z.object({ name: z.string() }) }, async ({ name }, ctx) => {
    const greetAskSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] };
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'greet_ask');
    if (answer.kind !== 'elicit') {
      return inputRequired({ inputRequests: { greet_ask: inputRequired.elicit({
        message: `Greet ${name}?`,
        requestedSchema: greetAskSchema,
      }) } });
    }
    if (answer.action === 'accept' && answer.content) {
      const validation = fromJsonSchema(greetAskSchema)['~standard'].validate(answer.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    return { content: [{ type: 'text', text: answer.action === 'accept' && answer.content?.confirm === true ? `${greeting}, ${name}!` : 'Not greeted.' }] };
  });
  return server;
}
const greeting = 'Hello';


serveStdio(() => build());
