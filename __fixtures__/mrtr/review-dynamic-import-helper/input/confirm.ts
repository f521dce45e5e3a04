import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export async function confirmSpend(server: McpServer, label: string) {
  const r = await server.server.elicitInput({ message: `Pay for ${label}?`, requestedSchema: { type: "object", properties: {} } });
  return r.action === "accept";
}
