import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createServer } from './server.js';
export async function handle(req: unknown, res: unknown) {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await createServer().connect(transport);
  void req; void res;
}
