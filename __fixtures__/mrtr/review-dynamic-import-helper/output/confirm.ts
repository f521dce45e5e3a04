import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export async function confirmSpend(server: McpServer, label: string) {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const r = await server.server.elicitInput({ message: `Pay for ${label}?`, requestedSchema: { type: "object", properties: {} } });
  return r.action === "accept";
}
