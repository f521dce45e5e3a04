import { Server } from '@modelcontextprotocol/server';
import { TOOLS, type DeskTool } from './tools.js';

const DRAFT = /^draft_/i;
const HIDDEN = [/^internal_/, /^debug_/];

function isHidden(tool: DeskTool): boolean {
  for (const pattern of HIDDEN) if (pattern.test(tool.name)) return true;
  return false;
}

// A profile names the tools a deployment lists and answers.
const PROFILES: Record<string, (tool: DeskTool) => boolean> = {
  readOnly: (tool) => tool.readOnly,
  published: (tool) => !DRAFT.test(tool.name) && !isHidden(tool),
  all: () => true,
};

/**
 * The tools of a profile.
 *
 * @param tools every tool of the desk
 * @param profile a key of PROFILES; any other name lists every tool
 */
function profileTools(tools: DeskTool[], profile: string): DeskTool[] {
  const predicate = Object.hasOwn(PROFILES, profile) ? PROFILES[profile] : undefined;
  return predicate ? tools.filter(predicate) : tools;
}

function toListEntry(tool: DeskTool) {
  return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema };
}

export function build() {
  const profile = process.env.DESK_PROFILE ?? 'all';
  const server = new Server({ name: 'desk', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools: profileTools(TOOLS, profile).map(toListEntry) }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const tool = profileTools(TOOLS, profile).find((t) => t.name === request.params.name);
    if (!tool) return { content: [{ type: 'text', text: `Unknown tool: ${request.params.name}` }], isError: true };
    return tool.handler(request.params.arguments ?? {}, ctx);
  });
  return server;
}
