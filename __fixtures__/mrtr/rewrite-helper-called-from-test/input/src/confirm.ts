import type { McpServer } from '@modelcontextprotocol/server';

/** Ask the user before a release goes public; shared by every tool that publishes. */
export async function confirmRelease(server: McpServer, tag: string): Promise<boolean> {
  const answer = await server.server.elicitInput({
    message: `Publish release ${tag} to every subscriber?`,
    requestedSchema: { type: 'object', properties: { publish: { type: 'boolean' } }, required: ['publish'] },
  });
  return answer.action === 'accept' && answer.content?.publish === true;
}
