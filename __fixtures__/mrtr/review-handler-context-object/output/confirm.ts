import type { HandlerContext } from './context.js';

export interface ConfirmOptions {
  context: HandlerContext;
}

// Handlers get a context object; the server inside it is typed only by the project's narrow interface.
export class ConfirmHandler {
  private readonly context: HandlerContext;

  constructor(options: ConfirmOptions) {
    this.context = options.context;
  }

  async confirm(action: string): Promise<boolean> {
    if (this.context.dryRun || !this.context.server?.getClientCapabilities()?.elicitation) return true;
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const answer = await this.context.server.elicitInput({
      message: `Run ${action}?`,
      requestedSchema: { type: 'object', properties: {} },
    });
    return answer.action === 'accept';
  }
}
