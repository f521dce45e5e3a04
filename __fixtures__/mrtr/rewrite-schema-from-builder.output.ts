import { McpServer, type ElicitRequestFormParams, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// A small builder shared by several tools: it returns a plain JSON Schema, not a Standard Schema.
function yesNoQuestion(field: string, title: string): ElicitRequestFormParams['requestedSchema'] {
  return { type: 'object', properties: { [field]: { type: 'boolean', title } }, required: [field] };
}

const CONFIRM_WIPE = yesNoQuestion('confirm', 'Wipe the volume');

export function build() {
  const server = new McpServer({ name: 'volumes', version: '2.0.0' });

  server.registerTool(
    'wipe_volume',
    { description: 'Erase a volume after confirmation', inputSchema: z.object({ volume: z.string() }) },
    async ({ volume }, ctx) => {
      const confirmation = inputResponse(ctx.mcpReq.inputResponses, 'wipe_volume_confirmation');
      if (confirmation.kind !== 'elicit') {
        return inputRequired({ inputRequests: { wipe_volume_confirmation: inputRequired.elicit({ message: `Erase every file on ${volume}?`, requestedSchema: CONFIRM_WIPE }) } });
      }
      if (confirmation.action === 'accept' && confirmation.content) {
        const validation = fromJsonSchema(CONFIRM_WIPE)['~standard'].validate(confirmation.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (confirmation.action !== 'accept' || confirmation.content?.confirm !== true) {
        return { content: [{ type: 'text', text: `${volume} was not erased.` }] };
      }
      return { content: [{ type: 'text', text: `Erased ${volume}.` }] };
    },
  );

  return server;
}
