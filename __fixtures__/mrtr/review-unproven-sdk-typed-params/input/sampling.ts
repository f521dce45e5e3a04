// The subset of the server a module needs, declared with the SDK's own params type: nothing proves that the value
// behind it is the SDK's server, but its question is the SDK's.
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';

export interface SamplingServer {
  createMessage(params: CreateMessageRequest['params']): Promise<CreateMessageResult>;
}

export interface AnalysisRequest {
  messages: CreateMessageRequest['params']['messages'];
  maxTokens: number;
}

export function buildAnalysisRequest(text: string): AnalysisRequest {
  return { messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 200 };
}

export function agenticRequest(task: string): CreateMessageRequest['params'] {
  return { messages: [{ role: 'user', content: { type: 'text', text: task } }], maxTokens: 500 };
}

/** Its own LLM client, whose createMessage takes its own request type: not the SDK's. */
export interface LlmClient {
  createMessage(request: AnalysisRequest & { model: string }): Promise<{ text: string }>;
}
