import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerExaTool } from "./tool.js";
const server = new McpServer({ name: "x", version: "1" });
registerExaTool(server);
