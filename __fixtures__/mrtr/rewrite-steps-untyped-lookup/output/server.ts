import { McpServer, inputRequired, inputResponse, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { DatasetCatalog, directory } from './catalog.js';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const catalog = new DatasetCatalog();
let deleted = 0;

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { deleted };
}

export function build() {
  const server = new McpServer({ name: 'datasets', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('drop_dataset', { inputSchema: z.object({ name: z.string() }) }, async ({ name }, ctx) => {
    // requestState carries server-computed `dataset`: the codec encrypts it, so the client cannot read them.
    type DropDatasetState =
      | { step: 'drop_dataset:start'; call: string }
      | { step: 'drop_dataset:ask_drop_dataset'; call: string; dataset: ReturnType<typeof catalog.get>; owner: string };
    const resumed = ctx.mcpReq.requestState<DropDatasetState>();
    const call = JSON.stringify([{ name }]);
    let state: DropDatasetState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('drop_dataset:') && resumed.call === call ? resumed : { step: 'drop_dataset:start', call };
    if (state.step === 'drop_dataset:start') {
      const dataset = catalog.get(name);
      if (!dataset) return { content: [{ type: 'text', text: `No dataset ${name}.` }], isError: true };
      let owner = '';
      if (dataset.owner?.email && (await directory.isActive(name))) owner = `, owned by ${dataset.owner.email}`;
      state = { step: 'drop_dataset:ask_drop_dataset', call, dataset, owner };
    }
    const { dataset } = state;
    let { owner } = state;
    if (!dataset) return { content: [{ type: 'text', text: `No dataset ${name}.` }], isError: true };
    const large = dataset.rows > 1000 && !name.startsWith('tmp');
    const answerRequest: ElicitRequestFormParams = {
      message: `Drop ${dataset.name} (${dataset.rows} rows${large ? ', a large one' : ''}${owner})?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
    const answerResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'ask_drop_dataset');
    if (answerResponse.kind !== 'elicit') {
      return inputRequired({
        inputRequests: { ask_drop_dataset: inputRequired.elicit(answerRequest) },
        requestState: await requestStateCodec.mint(state, ctx),
      });
    }
    if (answerResponse.action === 'accept' && answerResponse.content) {
      const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answerResponse.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    const answer = { action: answerResponse.action, content: answerResponse.content as ElicitResult['content'] };
    if (answer.action !== 'accept' || answer.content?.confirm !== true) {
      return { content: [{ type: 'text', text: `Kept ${dataset.name}.` }] };
    }
    catalog.delete(name);
    deleted++;
    return { content: [{ type: 'text', text: `Dropped ${dataset.name}.` }] };
  });

  return server;
}
