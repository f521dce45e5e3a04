import { McpServer, inputRequired, inputResponse, SdkError, SdkErrorCode, CLIENT_CAPABILITIES_META_KEY, type ClientCapabilities, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'mailer', version: '2.0.0' });

  server.registerTool(
    'send_newsletter',
    { description: 'Send the newsletter to a list', inputSchema: z.object({ list: z.string() }) },
    async ({ list }, ctx) => {
      let confirmed = false;
      try {
        const answerRequest: ElicitRequestFormParams = {
          message: `Send the newsletter to ${list}?`,
          requestedSchema: { type: 'object', properties: { send: { type: 'boolean' } }, required: ['send'] },
        };
        const clientCapabilities = ((ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ?? server.server.getClientCapabilities();
        if (!clientCapabilities?.elicitation || (!clientCapabilities.elicitation.form && clientCapabilities.elicitation.url)) {
          throw new SdkError(SdkErrorCode.CapabilityNotSupported, 'Client does not support form elicitation.');
        }
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'send_newsletter_ask');
        if (answer.kind !== 'elicit') {
          return inputRequired({ inputRequests: { send_newsletter_ask: inputRequired.elicit(answerRequest) } });
        }
        if (answer.action === 'accept' && answer.content) {
          const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        confirmed = answer.action === 'accept' && answer.content?.send === true;
      } catch {
        // Clients without elicitation: fall back to a dry run.
        return { content: [{ type: 'text', text: `Dry run: the newsletter would go to ${list}.` }] };
      }
      return { content: [{ type: 'text', text: confirmed ? `Sent to ${list}.` : 'Not sent.' }] };
    },
  );

  return server;
}
