import { McpServer, inputRequired, inputResponse, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';

/** A sampling or roots answer, parsed as the old createMessage / listRoots parsed the client's result. */
function checkedAnswer<T extends 'CreateMessageResult' | 'CreateMessageResultWithTools' | 'ListRootsResult'>(type: T, answer: unknown): SpecTypes[T] {
  const validation = specTypeSchemas[type]['~standard'].validate(answer);
  if (validation.issues) {
    const problems = validation.issues.map((issue) => issue.message).join(', ');
    throw new SdkError(SdkErrorCode.InvalidResult, type === 'ListRootsResult' ? `Invalid result for roots/list: ${problems}` : `Invalid sampling/createMessage result: ${problems}`);
  }
  return validation.value as SpecTypes[T];
}

export function build() {
  const server = new McpServer({ name: 'workspace', version: '2.0.0' });

  // No inputSchema: the callback declares no parameters at all.
  server.registerTool('list_workspaces', { description: 'List the folders the client shares' }, async (ctx) => {
    const listWorkspacesRootsResponse = inputResponse(ctx.mcpReq.inputResponses, 'list_workspaces_roots');
    if (listWorkspacesRootsResponse.kind !== 'roots') {
      return inputRequired({ inputRequests: { list_workspaces_roots: inputRequired.listRoots() } });
    }
    const { roots } = checkedAnswer('ListRootsResult', { roots: listWorkspacesRootsResponse.roots });
    if (roots.length === 0) {
      return { content: [{ type: 'text', text: 'No folders are shared.' }] };
    }
    const lines = roots.map((root) => `${root.name ?? 'unnamed'}: ${root.uri}`);
    return { content: [{ type: 'text', text: lines.join('\n') }] };
  });

  return server;
}
