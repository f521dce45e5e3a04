import { McpServer, inputRequired, inputResponse, SdkError, SdkErrorCode, CLIENT_CAPABILITIES_META_KEY, type ClientCapabilities, type CreateMessageRequestParams, specTypeSchemas, type SpecTypes } from '@modelcontextprotocol/server';
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

export function build() {
  const server = new McpServer({ name: 'tickets', version: '2.0.0' });

  server.registerTool(
    'triage_ticket',
    { description: 'Suggest a priority for a ticket', inputSchema: z.object({ title: z.string() }) },
    async ({ title }, ctx) => {
      const fallback = title.toLowerCase().includes('outage') ? 'P1' : 'P3';
      try {
        const replyRequest: CreateMessageRequestParams = {
          messages: [{ role: 'user', content: { type: 'text', text: `Priority (P1-P4) for: ${title}` } }],
          maxTokens: 5,
        };
        const clientCapabilities = ((ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ?? server.server.getClientCapabilities();
        if (!clientCapabilities?.sampling) {
          throw new SdkError(SdkErrorCode.CapabilityNotSupported, 'Client does not support sampling (required for sampling/createMessage)');
        }
        const replyResponse = inputResponse(ctx.mcpReq.inputResponses, 'triage_ticket_sample');
        if (replyResponse.kind !== 'sampling') {
          return inputRequired({ inputRequests: { triage_ticket_sample: inputRequired.createMessage(replyRequest) } });
        }
        const reply = checkedAnswer('CreateMessageResult', replyResponse.result);
        const text = !Array.isArray(reply.content) && reply.content.type === 'text' ? reply.content.text.trim() : fallback;
        return { content: [{ type: 'text', text: `Priority: ${text}` }] };
      } catch {
        return { content: [{ type: 'text', text: `Priority: ${fallback} (no model available)` }] };
      }
    },
  );

  return server;
}
