import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitResultSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const progress = new Map<string, string>();

// Started without being awaited: the tool answers at once and the work asks the user later, through the
// request function it was handed.
async function runAnalysis(jobId: string, topic: string, sendRequest: any): Promise<void> {
  progress.set(jobId, 'running');
  /* @mcp-mrtr-review indirect-call: indirect use of a push-style method (.call, .bind, or the method stored in a variable) */
  const clarified: ElicitResult = await sendRequest(
    {
      method: 'elicitation/create',
      params: {
        message: `"${topic}" is ambiguous: which meaning?`,
        requestedSchema: { type: 'object', properties: { meaning: { type: 'string' } }, required: ['meaning'] },
      },
    },
    ElicitResultSchema,
  );
  progress.set(jobId, clarified.action === 'accept' ? `done: ${String(clarified.content?.meaning)}` : 'done');
}

const server = new McpServer({ name: 'analysis', version: '1.0.0' });

server.registerTool('start_analysis', { inputSchema: { topic: z.string() } }, async ({ topic }, extra) => {
  const jobId = `job-${progress.size + 1}`;
  void runAnalysis(jobId, topic, extra.sendRequest);
  return { content: [{ type: 'text', text: `Started ${jobId}.` }] };
});

export default server;
