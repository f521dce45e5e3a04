import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ClientCapabilities, CreateMessageRequest, CreateMessageResult, ElicitResult } from '@modelcontextprotocol/sdk/types.js';

/** The part of the SDK server the elicitation helpers use (a subset of Server methods). */
export interface ElicitationServer {
  getClientCapabilities(): ClientCapabilities | undefined;
  elicitInput(params: { message: string; requestedSchema: { type: 'object'; properties: Record<string, object> } }): Promise<ElicitResult>;
}

/** The part of the SDK server the sampling helpers use. */
export interface SamplingServer {
  createMessage(params: CreateMessageRequest['params']): Promise<CreateMessageResult>;
}

/** Narrowed straight from the SDK type. */
export type RootsServer = Pick<Server, 'listRoots' | 'getClientCapabilities'>;
