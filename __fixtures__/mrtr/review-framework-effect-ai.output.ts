import { McpServerClient } from '@effect/ai/McpSchema';
import { Effect } from 'effect';

// A council member asks the client's model through @effect/ai's RPC client: the MCP method names the RPC. The
// framework sends the request, so this is a framework-api review item; a look-alike key elsewhere is not.
export const askModel = (prompt: string) =>
  Effect.gen(function* () {
    const client = yield* McpServerClient;
    /* @mcp-mrtr-review framework-api: push-style request made through a framework (its own API, or the SDK server its handler context carries): the framework owns the handler, so this tool cannot rewrite it: @effect/ai (McpServer) (`@effect/ai`): upgrade to a release of @effect/ai (McpServer) with MRTR support, or move this tool onto the SDK's MRTR API (inputRequired / inputResponse) */
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
