import { McpServer, inputRequired, inputResponse, SdkError, SdkErrorCode, CLIENT_CAPABILITIES_META_KEY, type ClientCapabilities, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const OVERWRITE = {
  type: 'object' as const,
  properties: { overwrite: { type: 'boolean' as const, title: 'Overwrite the existing file?' } },
  required: ['overwrite'],
};

export function build() {
  const server = new McpServer({ name: 'files', version: '2.0.0' });

  server.registerTool(
    'write_file',
    { description: 'Write a file, asking before overwriting', inputSchema: z.object({ path: z.string() }) },
    async ({ path }, ctx) => {
      try {
        const clientCapabilities = ((ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ?? server.server.getClientCapabilities();
        if (!clientCapabilities?.elicitation || (!clientCapabilities.elicitation.form && clientCapabilities.elicitation.url)) {
          throw new SdkError(SdkErrorCode.CapabilityNotSupported, 'Client does not support form elicitation.');
        }
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'write_file_ask');
        if (answer.kind !== 'elicit') {
          return inputRequired({ inputRequests: { write_file_ask: inputRequired.elicit({ message: `${path} exists. Overwrite it?`, requestedSchema: OVERWRITE }) } });
        }
        if (answer.action === 'accept' && answer.content) {
          const validation = fromJsonSchema(OVERWRITE)['~standard'].validate(answer.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        if (answer.action !== 'accept' || !answer.content?.overwrite) {
          return { content: [{ type: 'text', text: `Kept ${path}.` }] };
        }
        return { content: [{ type: 'text', text: `Overwrote ${path}.` }] };
      } catch (error) {
        // Clients that cannot ask (or send a malformed answer) keep the file.
        return { content: [{ type: 'text', text: `Kept ${path}: ${error instanceof Error ? error.message : String(error)}` }] };
      }
    },
  );

  return server;
}
