// A test double named like the SDK's class, declared locally: not the SDK's Server.
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';

class Server {
  readonly asked: string[] = [];

  async elicitInput(params: { message: string }): Promise<ElicitResult> {
    this.asked.push(params.message);
    return { action: 'accept', content: { ok: true } };
  }

  async listRoots(): Promise<{ roots: { uri: string }[] }> {
    return { roots: [{ uri: 'file:///tmp' }] };
  }
}

const server = new Server();

export async function runScenario(): Promise<string[]> {
  await server.elicitInput({ message: 'Delete everything?' });
  const { roots } = await server.listRoots();
  return [...server.asked, ...roots.map((root) => root.uri)];
}
