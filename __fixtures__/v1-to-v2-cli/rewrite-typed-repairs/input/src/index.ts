import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { registerResources } from './resources.js';
import { registerSummary, registerTools } from './tools.js';

const Note = z.object({ title: z.string().min(1), tags: z.array(z.string()) }).strict({ message: 'not a field of a note' });

const server = new McpServer({ name: 'catalogue', version: '1.0.0' });
registerResources(server);
registerTools(server);
registerSummary(server);

server.registerTool(
  'check_note',
  { description: 'Check a note written as JSON', inputSchema: { note: z.string() } },
  async ({ note }) => {
    const parsed = Note.safeParse(JSON.parse(note));
    if (parsed.success) return { content: [{ type: 'text', text: 'ok' }] };
    // Every problem, as path and code.
    const problems = parsed.error.errors.map(
      (issue: { path: (string | number)[]; code: string; message: string }) =>
        `${issue.path.join('.')}: ${issue.code}${issue.code === 'unrecognized_keys' ? ` (${issue.message})` : ''}`,
    );
    return { content: [{ type: 'text', text: problems.join('\n') }], isError: true };
  },
);

await server.connect(new StdioServerTransport());
