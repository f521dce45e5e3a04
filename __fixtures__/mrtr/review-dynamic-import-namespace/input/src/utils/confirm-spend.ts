import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export async function confirmSpend(server: McpServer, opts: { usd: number; label: string }): Promise<{ ok: boolean }> {
  const caps = server.server.getClientCapabilities?.();
  if (!caps?.elicitation) return { ok: true };
  const result = await server.server.elicitInput({ message: `Charge ${opts.label} $${opts.usd}`, requestedSchema: { type: "object", properties: {} } });
  return { ok: result.action !== "decline" };
}
