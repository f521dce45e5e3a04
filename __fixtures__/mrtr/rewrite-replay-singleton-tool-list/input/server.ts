import { McpServer } from '@modelcontextprotocol/server';

/** The one server of this process; tool modules import it. */
export const server = new McpServer({ name: 'crm', version: '4.0.0' });
