// A tool registered under a `const` name: the report shows the name's value.
import { McpServer, inputRequired, inputResponse, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** A sampling or roots answer, parsed as the old createMessage / listRoots parsed the client's result. */
function checkedAnswer<T extends 'CreateMessageResult' | 'CreateMessageResultWithTools' | 'ListRootsResult'>(type: T, answer: unknown): SpecTypes[T] {
  const validation = specTypeSchemas[type]['~standard'].validate(answer);
  if (validation.issues) {
    const problems = validation.issues.map((issue) => issue.message).join(', ');
    throw new SdkError(SdkErrorCode.InvalidResult, type === 'ListRootsResult' ? `Invalid result for roots/list: ${problems}` : `Invalid sampling/createMessage result: ${problems}`);
  }
  return validation.value as SpecTypes[T];
}

const name = 'get-roots-list';
const config = { inputSchema: z.object({}) };

export const register = (server: McpServer) => {
  server.registerTool(name, config, async (_args, ctx) => {
    const rootsResponse = inputResponse(ctx.mcpReq.inputResponses, 'get_roots_list_roots');
    if (rootsResponse.kind !== 'roots') {
      return inputRequired({ inputRequests: { get_roots_list_roots: inputRequired.listRoots() } });
    }
    const roots = checkedAnswer('ListRootsResult', { roots: rootsResponse.roots });
    return { content: [{ type: 'text', text: JSON.stringify(roots) + ctx.sessionId }] };
  });
};

export function build(): McpServer {
  const server = new McpServer({ name: 'roots', version: '1.0.0' });
  register(server);
  return server;
}
