import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { registerResources } from './resources.js';
import { registerSummary, registerTools } from './tools.js';

const Note = z.strictObject({ title: z.string().min(1), tags: z.array(z.string()) }, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? 'not a field of a note' : undefined),
});

function build(): McpServer {
  const server = new McpServer({ name: 'catalogue', version: '1.0.0' });
  registerResources(server);
  registerTools(server);
  registerSummary(server);
  server.registerTool(
    'check_note',
    { description: 'Check a note written as JSON', inputSchema: z.object({ note: z.string() }) },
    async ({ note }) => {
      const parsed = Note.safeParse(JSON.parse(note));
      if (parsed.success) return { content: [{ type: 'text', text: 'ok' }] };
      // Every problem, as path and code.
      const problems = parsed.error.issues.map(
        (issue) =>
          `${issue.path.join('.')}: ${issue.code}${issue.code === 'unrecognized_keys' ? ` (${issue.message})` : ''}`,
      );
      return { content: [{ type: 'text', text: problems.join('\n') }], isError: true };
    },
  );
  return server;
}

serveStdio(() => build());
