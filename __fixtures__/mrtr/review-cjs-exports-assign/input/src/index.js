const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { confirmSpend } = require("./utils/confirm-spend.js");
const server = new McpServer({ name: "x", version: "1" });
server.tool("exa", async () => {
  const c = await confirmSpend(server, { label: "exa" });
  return { content: [{ type: "text", text: String(c.ok) }] };
});
