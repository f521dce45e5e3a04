// An xmcp tool (file-based routing: the default export is the handler): it asks the user, then samples.
import { z } from 'zod';
import { type InferSchema, type ToolExtraArguments, type ToolMetadata } from 'xmcp';

export const schema = { topic: z.string() };

export const metadata: ToolMetadata = { name: 'outline', description: 'Outline a talk' };

export default async function outline({ topic }: InferSchema<typeof schema>, extra: ToolExtraArguments) {
  /* @mcp-mrtr-review framework-api: push-style request made through a framework (its own API, or the SDK server its handler context carries): the framework owns the handler, so this tool cannot rewrite it: xmcp (`xmcp`): return inputRequired({ inputRequests }) from the tool (xmcp re-exports the SDK helpers) and read the answers from extra.inputResponses */
  const audience = await extra.elicit({
    message: `Who is the talk on ${topic} for?`,
    requestedSchema: {
      type: 'object',
      properties: { audience: { type: 'string', enum: ['beginners', 'experts'] } },
      required: ['audience'],
    },
  });
  if (audience.action !== 'accept') return 'No outline without an audience.';
  /* @mcp-mrtr-review framework-api: push-style request made through a framework (its own API, or the SDK server its handler context carries): the framework owns the handler, so this tool cannot rewrite it: xmcp (`xmcp`): return inputRequired({ inputRequests }) from the tool (xmcp re-exports the SDK helpers) and read the answers from extra.inputResponses */
  const draft = await extra.sample({
    messages: [{ role: 'user', content: { type: 'text', text: `Outline ${topic} for ${audience.content?.audience}` } }],
    maxTokens: 300,
  });
  return JSON.stringify(draft.content);
}
