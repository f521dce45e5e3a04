const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const spend = require("./confirm.js");
const server = new McpServer({ name: "r3", version: "1" });
server.registerTool("exa", { description: "x" }, async () => ({ content: [{ type: "text", text: String(await spend.confirmSpend(server, "exa")) }] }));
