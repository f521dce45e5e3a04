#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';

function build(): McpServer {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool('greet', { description: 'Greet someone, if the user agrees', inputSchema: z.object({ name: z.string() }) }, async ({ name }, ctx) => {
    const answerRequest: ElicitRequestFormParams = {
      message: `Greet ${name}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'greet_ask');
    if (answer.kind !== 'elicit') {
      return inputRequired({ inputRequests: { greet_ask: inputRequired.elicit(answerRequest) } });
    }
    if (answer.action === 'accept' && answer.content) {
      const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
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
