import { McpServer, type ElicitRequestFormParams, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// Two write-once tools whose answers have the same name (`confirmation`): a client that sends one tool's
// answer with the other tool's call must not confirm the other tool's action.
const CONFIRM: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { confirm: { type: 'boolean', title: 'Confirm' } },
  required: ['confirm'],
};

export function build() {
  const server = new McpServer({ name: 'notes', version: '2.0.0' });
  const notes = new Set(['todo', 'ideas']);
  const projects = new Set(['website']);

  server.registerTool(
    'delete_note',
    { description: 'Delete a note after the user confirms', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const confirmation = inputResponse(ctx.mcpReq.inputResponses, 'delete_note_confirmation');
      if (confirmation.kind !== 'elicit') {
        return inputRequired({ inputRequests: { delete_note_confirmation: inputRequired.elicit({ message: `Delete note ${name}?`, requestedSchema: CONFIRM }) } });
      }
      if (confirmation.action === 'accept' && confirmation.content) {
        const validation = fromJsonSchema(CONFIRM)['~standard'].validate(confirmation.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (confirmation.action !== 'accept' || confirmation.content?.confirm !== true) {
        return { content: [{ type: 'text', text: `Note ${name} was kept.` }] };
      }
      notes.delete(name);
      return { content: [{ type: 'text', text: `Deleted note ${name}.` }] };
    },
  );

  server.registerTool(
    'delete_project',
    { description: 'Delete a project after the user confirms', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const confirmationRequest: ElicitRequestFormParams = {
        message: `Delete project ${name} and all its notes?`,
        requestedSchema: CONFIRM,
      };
      const confirmation = inputResponse(ctx.mcpReq.inputResponses, 'delete_project_confirmation');
      if (confirmation.kind !== 'elicit') {
        return inputRequired({ inputRequests: { delete_project_confirmation: inputRequired.elicit(confirmationRequest) } });
      }
      if (confirmation.action === 'accept' && confirmation.content) {
        const validation = fromJsonSchema(confirmationRequest.requestedSchema)['~standard'].validate(confirmation.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (confirmation.action !== 'accept' || confirmation.content?.confirm !== true) {
        return { content: [{ type: 'text', text: `Project ${name} was kept.` }] };
      }
      projects.delete(name);
      return { content: [{ type: 'text', text: `Deleted project ${name}.` }] };
    },
  );

  return server;
}
