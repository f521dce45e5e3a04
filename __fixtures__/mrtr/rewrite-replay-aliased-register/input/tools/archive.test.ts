import type { McpServer } from '@modelcontextprotocol/server';
import { registerTools } from './archive.js';

// A test registers the tools on a stand-in server: its call says nothing about which server production code builds.
const registered: string[] = [];
const fake = { registerTool: (name: string) => registered.push(name), server: {} } as unknown as McpServer;
registerTools(fake);
export const registeredNames = registered;
