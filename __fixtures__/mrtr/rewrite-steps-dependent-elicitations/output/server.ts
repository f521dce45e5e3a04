import { McpServer, type ElicitRequestFormParams, inputRequired, inputResponse, type ElicitResult, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const WHEN: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { date: { type: 'string', title: 'Date', description: 'YYYY-MM-DD' } },
  required: ['date'],
};

const PARTY: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { people: { type: 'integer', minimum: 1, maximum: 12 } },
  required: ['people'],
};

export function build() {
  const server = new McpServer({ name: 'bookings', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'book_table',
    { description: 'Book a table, asking for the date and then the party size', inputSchema: z.object({ restaurant: z.string() }) },
    async ({ restaurant }, ctx) => {
      type BookTableState =
        | { step: 'book_table:when'; call: string }
        | { step: 'book_table:party'; call: string; when: ElicitResult };
      const resumed = ctx.mcpReq.requestState<BookTableState>();
      const call = JSON.stringify([{ restaurant }]);
      let state: BookTableState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('book_table:') && resumed.call === call ? resumed : { step: 'book_table:when', call };
      if (state.step === 'book_table:when') {
        const whenResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'when');
        if (whenResponse.kind !== 'elicit') {
          return inputRequired({
            inputRequests: { when: inputRequired.elicit({ message: `When do you want to eat at ${restaurant}?`, requestedSchema: WHEN }) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        if (whenResponse.action === 'accept' && whenResponse.content) {
          const validation = fromJsonSchema(WHEN)['~standard'].validate(whenResponse.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        const when = { action: whenResponse.action, content: whenResponse.content as ElicitResult['content'] };
        if (when.action !== 'accept' || !when.content) {
          return { content: [{ type: 'text', text: `No booking at ${restaurant} (${when.action}).` }] };
        }
        state = { step: 'book_table:party', call, when };
      }
      const { when } = state;
      if (when.action !== 'accept' || !when.content) {
        return { content: [{ type: 'text', text: `No booking at ${restaurant} (${when.action}).` }] };
      }
      const date = String(when.content.date);
      const partyResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'party');
      if (partyResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { party: inputRequired.elicit({ message: `How many people on ${date}?`, requestedSchema: PARTY }) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      if (partyResponse.action === 'accept' && partyResponse.content) {
        const validation = fromJsonSchema(PARTY)['~standard'].validate(partyResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const party = { action: partyResponse.action, content: partyResponse.content as ElicitResult['content'] };
      if (party.action !== 'accept' || !party.content) {
        return { content: [{ type: 'text', text: `No booking on ${date} (${party.action}).` }] };
      }
      return { content: [{ type: 'text', text: `Booked ${restaurant} on ${date} for ${party.content.people}.` }] };
    },
  );

  return server;
}
