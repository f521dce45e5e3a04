import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

/** A sampling or roots answer, parsed as the old createMessage / listRoots parsed the client's result. */
function checkedAnswer<T extends 'CreateMessageResult' | 'CreateMessageResultWithTools' | 'ListRootsResult'>(type: T, answer: unknown): SpecTypes[T] {
  const validation = specTypeSchemas[type]['~standard'].validate(answer);
  if (validation.issues) {
    const problems = validation.issues.map((issue) => issue.message).join(', ');
    throw new SdkError(SdkErrorCode.InvalidResult, type === 'ListRootsResult' ? `Invalid result for roots/list: ${problems}` : `Invalid sampling/createMessage result: ${problems}`);
  }
  return validation.value as SpecTypes[T];
}

const PUBLISH = {
  type: 'object' as const,
  properties: { publish: { type: 'boolean' as const, title: 'Publish now?' } },
  required: ['publish'],
};

export function build() {
  const server = new McpServer({ name: 'blog', version: '2.0.0' });

  server.registerTool(
    'publish_post',
    { description: 'Publish a post with a generated teaser', inputSchema: z.object({ slug: z.string() }) },
    async ({ slug }, ctx) => {
      // Both questions go out at once: one MRTR round with two keys.
      const decision = inputResponse(ctx.mcpReq.inputResponses, 'publish_post_decision');
      const teaserResponse = inputResponse(ctx.mcpReq.inputResponses, 'publish_post_teaser');
      if (decision.kind !== 'elicit' || teaserResponse.kind !== 'sampling') {
        return inputRequired({
          inputRequests: {
            publish_post_decision: inputRequired.elicit({ message: `Publish ${slug}?`, requestedSchema: PUBLISH }),
            publish_post_teaser: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `Write a one-line teaser for ${slug}` } }],
              maxTokens: 40,
            }),
          },
        });
      }
      if (decision.action === 'accept' && decision.content) {
        const validation = fromJsonSchema(PUBLISH)['~standard'].validate(decision.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const teaser = checkedAnswer('CreateMessageResult', teaserResponse.result);
      const line = !Array.isArray(teaser.content) && teaser.content.type === 'text' ? teaser.content.text : '';
      if (decision.action !== 'accept' || decision.content?.publish !== true) {
        return { content: [{ type: 'text', text: `Draft kept. Teaser: ${line}` }] };
      }
      return { content: [{ type: 'text', text: `Published ${slug}. Teaser: ${line}` }] };
    },
  );

  return server;
}
