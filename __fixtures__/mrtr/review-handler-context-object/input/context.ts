import type { ClientCapabilities, ElicitResult } from '@modelcontextprotocol/sdk/types.js';

/** The part of the SDK server the handlers use (a subset of its methods). */
export interface ElicitationServer {
  getClientCapabilities(): ClientCapabilities | undefined;
  elicitInput(params: { message: string; requestedSchema: { type: 'object'; properties: Record<string, object> } }): Promise<ElicitResult>;
}

export interface HandlerContext {
  requestId?: string;
  server?: ElicitationServer;
  dryRun: boolean;
}
