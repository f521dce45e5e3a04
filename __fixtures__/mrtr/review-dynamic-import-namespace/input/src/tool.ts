import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export function registerExaTool(server: McpServer): void {
  server.registerTool("blockrun_exa", { description: "x" }, async () => {
    const spend = await import("./utils/confirm-spend.js");
    const c = await spend.confirmSpend(server, { usd: 0.01, label: "exa" });
    return { content: [{ type: "text" as const, text: String(c.ok) }] };
  });
}
