import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

// A package of the workspace: its own package.json lists the v1 SDK and zod 3.
const Note = z.object({ title: z.string(), body: z.string() });

async function main() {
  serveStdio(() => {
    const server = new McpServer({ name: 'notes', version: '1.0.0' });

    server.registerTool('schema', { description: 'The JSON Schema of a note' }, async () => ({
      content: [{ type: 'text', text: JSON.stringify(z.toJSONSchema(Note, { target: 'draft-7' })) }],
    }));
    return server;
  });
}

main();
