import type { ElicitationServer, RootsServer, SamplingServer } from './capabilities.js';

export interface ServiceOptions {
  elicitationServer?: ElicitationServer;
  samplingServer: SamplingServer;
}

export class ReportService {
  private readonly elicitationServer?: ElicitationServer;
  private readonly samplingServer: SamplingServer;

  constructor(options: ServiceOptions) {
    this.elicitationServer = options.elicitationServer;
    this.samplingServer = options.samplingServer;
  }

  async build(topic: string): Promise<string> {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const confirmed = await this.elicitationServer?.elicitInput({
      message: `Build the ${topic} report?`,
      requestedSchema: { type: 'object', properties: {} },
    });
    if (confirmed && confirmed.action !== 'accept') return 'Cancelled.';
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const draft = await this.samplingServer.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `Report on ${topic}` } }],
      maxTokens: 400,
    });
    return draft.content.type === 'text' ? draft.content.text : '';
  }
}

// Called by plugins this project does not hold: only its parameter's type proves the server.
export async function rootCount(server: RootsServer): Promise<number> {
  if (!server.getClientCapabilities()?.roots) return 0;
  /* @mcp-mrtr-review dead-code: push-style request in a function no analysed code calls */
  return (await server.listRoots()).roots.length;
}
