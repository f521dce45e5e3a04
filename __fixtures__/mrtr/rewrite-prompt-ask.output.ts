import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'reviews', version: '2.0.0' });

  server.registerPrompt(
    'code_review',
    { description: 'Review code with a focus the user picks', argsSchema: z.object({ language: z.string() }) },
    async ({ language }, ctx) => {
      const preferenceRequest: ElicitRequestFormParams = {
        message: `What should the ${language} review focus on?`,
        requestedSchema: {
          type: 'object',
          properties: { focus: { type: 'string', enum: ['security', 'performance', 'readability'] } },
          required: ['focus'],
        },
      };
      const preference = inputResponse(ctx.mcpReq.inputResponses, 'code_review_preference');
      if (preference.kind !== 'elicit') {
        return inputRequired({ inputRequests: { code_review_preference: inputRequired.elicit(preferenceRequest) } });
      }
      if (preference.action === 'accept' && preference.content) {
        const validation = fromJsonSchema(preferenceRequest.requestedSchema)['~standard'].validate(preference.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const focus = preference.action === 'accept' ? String(preference.content?.focus) : 'overall quality';
      return {
        description: `${language} review`,
        messages: [{ role: 'user', content: { type: 'text', text: `Review the following ${language} code for ${focus}.` } }],
      };
    },
  );

  return server;
}
