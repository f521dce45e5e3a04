import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export async function confirmSpend(server: McpServer, opts: { usd: number; label: string }): Promise<{ ok: boolean }> {
  const caps = server.server.getClientCapabilities?.();
  if (!caps?.elicitation) return { ok: true };
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const result = await server.server.elicitInput({ message: `Charge ${opts.label} $${opts.usd}`, requestedSchema: { type: "object", properties: {} } });
  return { ok: result.action !== "decline" };
}
