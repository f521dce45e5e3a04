import { McpServer } from '@modelcontextprotocol/server';
import { requestStateCodec } from './state.js';
import { registerArchiveTools } from './tools/archive.js';
import { registerRenameTools } from './tools/rename.js';
import { registerRestoreTools } from './tools/restore.js';

export function build() {
  const server = new McpServer({ name: 'projects', version: '1.2.0' }, { requestState: { verify: requestStateCodec.verify } });
  registerArchiveTools(server);
  registerRestoreTools(server);
  registerRenameTools(server);
  return server;
}
