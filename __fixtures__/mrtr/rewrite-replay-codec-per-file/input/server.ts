import { McpServer } from '@modelcontextprotocol/server';

// The one server of the process; the tool modules get it as a parameter.
export const server = new McpServer({ name: 'desk', version: '1.0.0' });
