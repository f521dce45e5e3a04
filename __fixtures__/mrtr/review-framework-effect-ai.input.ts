import { McpServerClient } from '@effect/ai/McpSchema';
import { Effect } from 'effect';

// A council member asks the client's model through @effect/ai's RPC client: the MCP method names the RPC. The
// framework sends the request, so this is a framework-api review item; a look-alike key elsewhere is not.
export const askModel = (prompt: string) =>
  Effect.gen(function* () {
    const client = yield* McpServerClient;
    const result = yield* client['sampling/createMessage']({
      messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
      maxTokens: 200,
    });
    return result;
  });

export const routes: Record<string, (input: unknown) => unknown> = {
  'tools/list': (input) => input,
};
export const listed = routes['tools/list']({});
