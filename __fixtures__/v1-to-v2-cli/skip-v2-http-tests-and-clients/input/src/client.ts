import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import '@modelcontextprotocol/server';
const stdioTransport = new StdioClientTransport({ command: 'node', args: ['x.js'] });
await new Client({ name: 'c', version: '1' }).connect(stdioTransport);
