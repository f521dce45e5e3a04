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
    const confirmed = await this.elicitationServer?.elicitInput({
      message: `Build the ${topic} report?`,
      requestedSchema: { type: 'object', properties: {} },
    });
    if (confirmed && confirmed.action !== 'accept') return 'Cancelled.';
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
  return (await server.listRoots()).roots.length;
}
