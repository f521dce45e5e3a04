/** @param {import("@modelcontextprotocol/sdk/server/mcp.js").McpServer} server */
exports.confirmSpend = async function (server, opts) {
  const result = await server.server.elicitInput({ message: `Charge ${opts.label}`, requestedSchema: { type: "object", properties: {} } });
  return { ok: result.action !== "decline" };
};
