/** @param {import("@modelcontextprotocol/sdk/server/mcp.js").McpServer} server */
exports.confirmSpend = async function (server, opts) {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const result = await server.server.elicitInput({ message: `Charge ${opts.label}`, requestedSchema: { type: "object", properties: {} } });
  return { ok: result.action !== "decline" };
};
