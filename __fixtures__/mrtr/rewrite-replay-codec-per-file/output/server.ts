import { McpServer } from '@modelcontextprotocol/server';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

// The one server of the process; the tool modules get it as a parameter.
export const server = new McpServer({ name: 'desk', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
