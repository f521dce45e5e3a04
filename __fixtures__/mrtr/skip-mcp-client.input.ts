import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

// An MCP client: it ANSWERS elicitation/create, sampling/createMessage and roots/list; it is not a server.
const client = new Client(
  { name: 'host', version: '1.0.0' },
  { capabilities: { elicitation: {}, sampling: {}, roots: { listChanged: true } } },
);

client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { ok: true } }));
client.setRequestHandler(CreateMessageRequestSchema, async () => ({
  model: 'local',
  role: 'assistant',
  content: { type: 'text', text: 'ok' },
}));
client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));

await client.connect(new StdioClientTransport({ command: 'node', args: ['server.js'] }));
const result = await client.request({ method: 'tools/call', params: { name: 'delete_note', arguments: { id: '1' } } }, CallToolResultSchema);
await client.sendRootsListChanged();
console.log(result.content);
