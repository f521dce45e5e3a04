import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { archived } from './archive.js';
import { inputRequired, inputResponse, type ElicitResult, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import { requestStateCodec } from '../state.js';

export function registerRenameTools(server: McpServer) {
  server.registerTool('rename', { description: 'Rename an archived project', inputSchema: z.object({ project: z.string() }) }, async ({ project }, ctx) => {
    type RenameState =
      | { step: 'rename:named'; call: string }
      | { step: 'rename:sure'; call: string; named: ElicitResult };
    const resumed = ctx.mcpReq.requestState<RenameState>();
    const call = JSON.stringify([{ project }]);
    let state: RenameState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('rename:') && resumed.call === call ? resumed : { step: 'rename:named', call };
    if (state.step === 'rename:named') {
      const namedSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] };
      const namedResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'named');
      if (namedResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { named: inputRequired.elicit({
            message: `New name for ${project}?`,
            requestedSchema: namedSchema,
          }) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      if (namedResponse.action === 'accept' && namedResponse.content) {
        const validation = fromJsonSchema(namedSchema)['~standard'].validate(namedResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const named = { action: namedResponse.action, content: namedResponse.content as ElicitResult['content'] };
      if (named.action !== 'accept') return { content: [{ type: 'text', text: 'Name kept.' }] };
      state = { step: 'rename:sure', call, named };
    }
    const { named } = state;
    if (named.action !== 'accept') return { content: [{ type: 'text', text: 'Name kept.' }] };
    const name = String(named.content?.name);
    const sureRequest: ElicitRequestFormParams = {
      message: `Rename ${project} to ${name}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    };
    const sureResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'sure');
    if (sureResponse.kind !== 'elicit') {
      return inputRequired({
        inputRequests: { sure: inputRequired.elicit(sureRequest) },
        requestState: await requestStateCodec.mint(state, ctx),
      });
    }
    if (sureResponse.action === 'accept' && sureResponse.content) {
      const validation = fromJsonSchema(sureRequest.requestedSchema)['~standard'].validate(sureResponse.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    const sure = { action: sureResponse.action, content: sureResponse.content as ElicitResult['content'] };
    if (sure.action !== 'accept' || sure.content?.ok !== true) return { content: [{ type: 'text', text: 'Name kept.' }] };
    archived.delete(project);
    archived.add(name);
    return { content: [{ type: 'text', text: `${project} is now ${name}.` }] };
  });
}
