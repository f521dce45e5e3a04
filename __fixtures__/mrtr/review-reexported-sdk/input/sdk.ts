// One place that pins the SDK's entry points for the rest of the project.
export { McpServer as AppServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export * from '@modelcontextprotocol/sdk/server/index.js';
export * from '@modelcontextprotocol/sdk/types.js';
