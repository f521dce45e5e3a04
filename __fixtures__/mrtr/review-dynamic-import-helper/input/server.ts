import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "r2", version: "1" });
server.registerTool("exa", { description: "x" }, async () => {
  const { confirmSpend } = await import("./confirm.js");
  return { content: [{ type: "text", text: String(await confirmSpend(server, "exa")) }] };
});
