// Handlers that receive their dependencies as a duck-typed context: the SDK server behind it is never named.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

interface AskingServer {
  elicitInput(params: Record<string, unknown>): Promise<{ action: string; content?: Record<string, unknown> }>;
  createMessage(params: Record<string, unknown>): Promise<{ content: { type: string; text?: string } }>;
}

interface HandlerDeps {
  context: { server: AskingServer };
}

export async function sortRange(deps: HandlerDeps, range: string): Promise<CallToolResult> {
  /* @mcp-mrtr-review unproven-receiver: a call with the SDK's shape (push method and arguments, a cast to any, or a literal push-style method) on a receiver the audit cannot prove to be the SDK's server or handler context */
  const direction = await deps.context.server.elicitInput({
    mode: 'form',
    message: `Sort ${range} in which direction?`,
    requestedSchema: { type: 'object', properties: { ascending: { type: 'boolean' } } },
  });
  /* @mcp-mrtr-review unproven-receiver: a call with the SDK's shape (push method and arguments, a cast to any, or a literal push-style method) on a receiver the audit cannot prove to be the SDK's server or handler context */
  const summary = await deps.context.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Describe sorting ${range}` } }],
    maxTokens: 80,
  });
  return { content: [{ type: 'text', text: `${JSON.stringify(direction.content)} ${summary.content.text ?? ''}` }] };
}

export async function clarify(topic: string, sendRequest: (request: unknown, schema?: unknown) => Promise<unknown>) {
  /* @mcp-mrtr-review unproven-receiver: a call with the SDK's shape (push method and arguments, a cast to any, or a literal push-style method) on a receiver the audit cannot prove to be the SDK's server or handler context */
  return sendRequest({
    method: 'elicitation/create',
    params: { message: `Which ${topic}?`, requestedSchema: { type: 'object', properties: {} } },
  });
}
