import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  // Every tool works in the client's first root: one helper asks for the roots, and more tools call it than the
  // analysis keeps chains for (twenty), each of them a tool.
  async function workspaceOf(): Promise<string> {
    const { roots } = await ask.listRoots();
    return roots[0]?.uri ?? 'no workspace';
  }

  server.registerTool(
    'list_notes',
    { description: 'Run list_notes in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `list_notes ${name} in ${workspace}` }] };
    }, { name: 'list_notes' }),
  );

  server.registerTool(
    'read_note',
    { description: 'Run read_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `read_note ${name} in ${workspace}` }] };
    }, { name: 'read_note' }),
  );

  server.registerTool(
    'find_note',
    { description: 'Run find_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `find_note ${name} in ${workspace}` }] };
    }, { name: 'find_note' }),
  );

  server.registerTool(
    'count_notes',
    { description: 'Run count_notes in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `count_notes ${name} in ${workspace}` }] };
    }, { name: 'count_notes' }),
  );

  server.registerTool(
    'tag_note',
    { description: 'Run tag_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `tag_note ${name} in ${workspace}` }] };
    }, { name: 'tag_note' }),
  );

  server.registerTool(
    'untag_note',
    { description: 'Run untag_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `untag_note ${name} in ${workspace}` }] };
    }, { name: 'untag_note' }),
  );

  server.registerTool(
    'pin_note',
    { description: 'Run pin_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `pin_note ${name} in ${workspace}` }] };
    }, { name: 'pin_note' }),
  );

  server.registerTool(
    'unpin_note',
    { description: 'Run unpin_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `unpin_note ${name} in ${workspace}` }] };
    }, { name: 'unpin_note' }),
  );

  server.registerTool(
    'star_note',
    { description: 'Run star_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `star_note ${name} in ${workspace}` }] };
    }, { name: 'star_note' }),
  );

  server.registerTool(
    'unstar_note',
    { description: 'Run unstar_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `unstar_note ${name} in ${workspace}` }] };
    }, { name: 'unstar_note' }),
  );

  server.registerTool(
    'archive_note',
    { description: 'Run archive_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `archive_note ${name} in ${workspace}` }] };
    }, { name: 'archive_note' }),
  );

  server.registerTool(
    'restore_note',
    { description: 'Run restore_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `restore_note ${name} in ${workspace}` }] };
    }, { name: 'restore_note' }),
  );

  server.registerTool(
    'rename_note',
    { description: 'Run rename_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `rename_note ${name} in ${workspace}` }] };
    }, { name: 'rename_note' }),
  );

  server.registerTool(
    'copy_note',
    { description: 'Run copy_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `copy_note ${name} in ${workspace}` }] };
    }, { name: 'copy_note' }),
  );

  server.registerTool(
    'move_note',
    { description: 'Run move_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `move_note ${name} in ${workspace}` }] };
    }, { name: 'move_note' }),
  );

  server.registerTool(
    'share_note',
    { description: 'Run share_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `share_note ${name} in ${workspace}` }] };
    }, { name: 'share_note' }),
  );

  server.registerTool(
    'unshare_note',
    { description: 'Run unshare_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `unshare_note ${name} in ${workspace}` }] };
    }, { name: 'unshare_note' }),
  );

  server.registerTool(
    'lock_note',
    { description: 'Run lock_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `lock_note ${name} in ${workspace}` }] };
    }, { name: 'lock_note' }),
  );

  server.registerTool(
    'unlock_note',
    { description: 'Run unlock_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `unlock_note ${name} in ${workspace}` }] };
    }, { name: 'unlock_note' }),
  );

  server.registerTool(
    'touch_note',
    { description: 'Run touch_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `touch_note ${name} in ${workspace}` }] };
    }, { name: 'touch_note' }),
  );

  server.registerTool(
    'stat_note',
    { description: 'Run stat_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `stat_note ${name} in ${workspace}` }] };
    }, { name: 'stat_note' }),
  );

  return server;
}
