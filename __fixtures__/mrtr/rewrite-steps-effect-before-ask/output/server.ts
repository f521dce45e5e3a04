import { McpServer, inputRequired, inputResponse, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

// The ticket system: opening a ticket has an effect (a new number each time) that must happen once per call.
let nextTicket = 100;
const tickets = new Map<number, { title: string; priority?: string }>();

async function openTicket(title: string): Promise<number> {
  const id = nextTicket++;
  tickets.set(id, { title });
  return id;
}

export function build() {
  const server = new McpServer({ name: 'helpdesk', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'report_bug',
    { description: 'Open a ticket, then ask for its priority', inputSchema: z.object({ title: z.string() }) },
    async ({ title }, ctx) => {
      // requestState carries server-computed `ticket`, `opened`: the codec encrypts it, so the client cannot read them.
      type ReportBugState =
        | { step: 'report_bug:start'; call: string }
        | { step: 'report_bug:priority'; call: string; ticket: Awaited<ReturnType<typeof openTicket>>; opened: string };
      const resumed = ctx.mcpReq.requestState<ReportBugState>();
      const call = JSON.stringify([{ title }]);
      let state: ReportBugState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('report_bug:') && resumed.call === call ? resumed : { step: 'report_bug:start', call };
      if (state.step === 'report_bug:start') {
        const ticket = await openTicket(title);
        const opened = new Date('2026-11-30T09:00:00Z');
        state = { step: 'report_bug:priority', call, ticket, opened: opened.toISOString() };
      }
      const { ticket } = state;
      const opened = new Date(state.opened);
      const priorityRequest: ElicitRequestFormParams = {
        message: `Ticket #${ticket} opened for "${title}". How urgent is it?`,
        requestedSchema: {
          type: 'object',
          properties: { level: { type: 'string', enum: ['low', 'high'] } },
          required: ['level'],
        },
      };
      const priorityResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'priority');
      if (priorityResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { priority: inputRequired.elicit(priorityRequest) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      if (priorityResponse.action === 'accept' && priorityResponse.content) {
        const validation = fromJsonSchema(priorityRequest.requestedSchema)['~standard'].validate(priorityResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const priority = { action: priorityResponse.action, content: priorityResponse.content as ElicitResult['content'] };
      const level = priority.action === 'accept' && priority.content ? String(priority.content.level) : 'unset';
      tickets.set(ticket, { title, priority: level });
      return { content: [{ type: 'text', text: `Ticket #${ticket} (${level}), opened ${opened.toISOString()}; ${tickets.size} open.` }] };
    },
  );

  return server;
}
