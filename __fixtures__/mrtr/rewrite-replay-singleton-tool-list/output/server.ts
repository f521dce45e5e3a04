import { McpServer } from '@modelcontextprotocol/server';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
export const requestStateCodec = sharedRequestStateCodec();

/** The one server of this process; tool modules import it. */
export const server = new McpServer({ name: 'crm', version: '4.0.0' }, { requestState: { verify: requestStateCodec.verify } });
