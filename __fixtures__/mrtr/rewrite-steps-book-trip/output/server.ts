import { McpServer, inputRequired, inputResponse, type ElicitResult, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'travel', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'book_trip',
    { description: 'Book a trip in two steps', inputSchema: z.object({ city: z.string() }) },
    async ({ city }, ctx) => {
      type BookTripState =
        | { step: 'book_trip:dates'; call: string }
        | { step: 'book_trip:seat'; call: string; dates: ElicitResult };
      const resumed = ctx.mcpReq.requestState<BookTripState>();
      const call = JSON.stringify([{ city }]);
      let state: BookTripState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('book_trip:') && resumed.call === call ? resumed : { step: 'book_trip:dates', call };
      if (state.step === 'book_trip:dates') {
        const datesSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } }, required: ['from', 'to'] };
        const datesResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'dates');
        if (datesResponse.kind !== 'elicit') {
          return inputRequired({
            inputRequests: { dates: inputRequired.elicit({
              message: `When do you travel to ${city}?`,
              requestedSchema: datesSchema,
            }) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        if (datesResponse.action === 'accept' && datesResponse.content) {
          const validation = fromJsonSchema(datesSchema)['~standard'].validate(datesResponse.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        const dates = { action: datesResponse.action, content: datesResponse.content as ElicitResult['content'] };
        if (dates.action !== 'accept') return { content: [{ type: 'text', text: 'No trip booked.' }] };
        state = { step: 'book_trip:seat', call, dates };
      }
      const { dates } = state;
      if (dates.action !== 'accept') return { content: [{ type: 'text', text: 'No trip booked.' }] };
      const seatRequest: ElicitRequestFormParams = {
        message: `Seat preference for ${dates.content?.from}?`,
        requestedSchema: { type: 'object', properties: { seat: { type: 'string', enum: ['window', 'aisle'] } } },
      };
      const seatResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'seat');
      if (seatResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { seat: inputRequired.elicit(seatRequest) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      if (seatResponse.action === 'accept' && seatResponse.content) {
        const validation = fromJsonSchema(seatRequest.requestedSchema)['~standard'].validate(seatResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const seat = { action: seatResponse.action, content: seatResponse.content as ElicitResult['content'] };
      const where = seat.action === 'accept' ? String(seat.content?.seat) : 'any';
      return { content: [{ type: 'text', text: `Booked ${city} from ${dates.content?.from} to ${dates.content?.to}, ${where} seat.` }] };
    },
  );

  return server;
}
