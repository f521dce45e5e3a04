import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';

// A package of the workspace: its own package.json lists the v1 SDK and zod 3.
const Note = z.object({ title: z.string(), body: z.string() });

async function main() {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });

  server.registerTool('schema', { description: 'The JSON Schema of a note' }, async () => ({
    content: [{ type: 'text', text: JSON.stringify(zodToJsonSchema(Note)) }],
  }));

  await server.connect(new StdioServerTransport());
}

main();
