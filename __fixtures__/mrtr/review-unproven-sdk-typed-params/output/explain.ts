import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { agenticRequest, buildAnalysisRequest, type LlmClient, type SamplingServer } from './sampling.js';

interface ExplainDeps {
  server: SamplingServer;
  llm: LlmClient;
}

export async function explain(text: string, deps: ExplainDeps): Promise<CallToolResult> {
  const request = buildAnalysisRequest(text);
  // The receiver's declared method takes the SDK's params: a review item.
  /* @mcp-mrtr-review unproven-receiver: a call with the SDK's shape (push method and arguments, a cast to any, or a literal push-style method) on a receiver the audit cannot prove to be the SDK's server or handler context */
  const reply = await deps.server.createMessage(request);
  // The project's own client: not a site.
  const other = await deps.llm.createMessage({ ...request, model: 'local' });
  return { content: [{ type: 'text', text: `${reply.model} ${other.text}` }] };
}

export async function agentLoop(server: { createMessage(params: unknown): Promise<unknown> }, task: string) {
  // The argument is declared as the SDK's params (a function's declared result): a review item.
  const params = agenticRequest(task);
  /* @mcp-mrtr-review unproven-receiver: a call with the SDK's shape (push method and arguments, a cast to any, or a literal push-style method) on a receiver the audit cannot prove to be the SDK's server or handler context */
  return server.createMessage(params);
}

/** A URL flow's completion, on a field typed by the project's own interface. */
interface ElicitationServer {
  createElicitationCompletionNotifier(elicitationId: string): () => Promise<void>;
}

export class Connectors {
  constructor(private readonly elicitationServer: ElicitationServer) {}

  complete(elicitationId: string) {
    /* @mcp-mrtr-review unproven-receiver: a call with the SDK's shape (push method and arguments, a cast to any, or a literal push-style method) on a receiver the audit cannot prove to be the SDK's server or handler context */
    return this.elicitationServer.createElicitationCompletionNotifier(elicitationId);
  }
}
