import { McpServer, inputRequired, inputResponse, type ElicitResult, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'travel', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  async function confirmCharge(amount: number): Promise<boolean> {
    const answer = await ask.elicitInput({
      message: `Charge ${amount} EUR to the card on file?`,
      requestedSchema: { type: 'object', properties: { charge: { type: 'boolean' } }, required: ['charge'] },
    });
    return answer.action === 'accept' && answer.content?.charge === true;
  }

  // Two dependent asks in the handler: a step function.
  server.registerTool(
    'plan_trip',
    { description: 'Plan a trip', inputSchema: z.object({ city: z.string() }) },
    async ({ city }, ctx) => {
      type PlanTripState =
        | { step: 'plan_trip:when'; call: string }
        | { step: 'plan_trip:nights'; call: string; when: ElicitResult };
      const resumed = ctx.mcpReq.requestState<PlanTripState>();
      const call = JSON.stringify([{ city }]);
      let state: PlanTripState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('plan_trip:') && resumed.call === call ? resumed : { step: 'plan_trip:when', call };
      if (state.step === 'plan_trip:when') {
        const whenSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { date: { type: 'string' } }, required: ['date'] };
        const whenResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'when');
        if (whenResponse.kind !== 'elicit') {
          return inputRequired({
            inputRequests: { when: inputRequired.elicit({
              message: `When do you travel to ${city}?`,
              requestedSchema: whenSchema,
            }) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        if (whenResponse.action === 'accept' && whenResponse.content) {
          const validation = fromJsonSchema(whenSchema)['~standard'].validate(whenResponse.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        const when = { action: whenResponse.action, content: whenResponse.content as ElicitResult['content'] };
        if (when.action !== 'accept') return { content: [{ type: 'text', text: 'No trip.' }] };
        state = { step: 'plan_trip:nights', call, when };
      }
      const { when } = state;
      if (when.action !== 'accept') return { content: [{ type: 'text', text: 'No trip.' }] };
      const nightsRequest: ElicitRequestFormParams = {
        message: `How many nights from ${String(when.content?.date)}?`,
        requestedSchema: { type: 'object', properties: { nights: { type: 'number' } }, required: ['nights'] },
      };
      const nightsResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'nights');
      if (nightsResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { nights: inputRequired.elicit(nightsRequest) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      if (nightsResponse.action === 'accept' && nightsResponse.content) {
        const validation = fromJsonSchema(nightsRequest.requestedSchema)['~standard'].validate(nightsResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const nights = { action: nightsResponse.action, content: nightsResponse.content as ElicitResult['content'] };
      if (nights.action !== 'accept') return { content: [{ type: 'text', text: 'No trip.' }] };
      return { content: [{ type: 'text', text: `${city} from ${String(when.content?.date)}, ${String(nights.content?.nights)} nights.` }] };
    },
  );

  // The ask is in a helper: replay.
  server.registerTool(
    'book_hotel',
    { description: 'Book a hotel', inputSchema: z.object({ hotel: z.string(), amount: z.number() }) },
    withAsks(server.server, requestStateCodec, async ({ hotel, amount }) => {
      if (!(await confirmCharge(amount))) return { content: [{ type: 'text', text: 'Not booked.' }] };
      return { content: [{ type: 'text', text: `Booked ${hotel}.` }] };
    }, { name: 'book_hotel' }),
  );

  return server;
}
