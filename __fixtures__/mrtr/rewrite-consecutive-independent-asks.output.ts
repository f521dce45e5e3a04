import { McpServer, inputRequired, inputResponse, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'tracker', version: '2.0.0' });

  server.registerTool(
    'open_issue',
    { description: 'Open an issue after asking for its title and its labels', inputSchema: z.object({ project: z.string() }) },
    async ({ project }, ctx) => {
      // Two questions that do not depend on each other, asked one after the other: one MRTR round.
      const openIssueTitleSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };
      const openIssueLabelsSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { labels: { type: 'string' } } };
      const title = inputResponse(ctx.mcpReq.inputResponses, 'open_issue_title');
      const labels = inputResponse(ctx.mcpReq.inputResponses, 'open_issue_labels');
      if (title.kind !== 'elicit' || labels.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            open_issue_title: inputRequired.elicit({
              message: `Title of the new issue in ${project}?`,
              requestedSchema: openIssueTitleSchema,
            }),
            open_issue_labels: inputRequired.elicit({
              message: 'Labels (comma separated)?',
              requestedSchema: openIssueLabelsSchema,
            }),
          },
        });
      }
      if (title.action === 'accept' && title.content) {
        const validation = fromJsonSchema(openIssueTitleSchema)['~standard'].validate(title.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (labels.action === 'accept' && labels.content) {
        const validation = fromJsonSchema(openIssueLabelsSchema)['~standard'].validate(labels.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (title.action !== 'accept') return { content: [{ type: 'text', text: 'No issue opened.' }] };
      const tagText = labels.action === 'accept' ? String(labels.content?.labels ?? '') : '';
      return { content: [{ type: 'text', text: `Opened "${String(title.content?.title)}" in ${project} [${tagText}]` }] };
    },
  );

  return server;
}
