/** @param {import("@modelcontextprotocol/sdk/server/mcp.js").McpServer} server */
async function confirmSpend(server, label) {
  const r = await server.server.elicitInput({ message: `Pay for ${label}?`, requestedSchema: { type: "object", properties: {} } });
  return r.action === "accept";
}
module.exports = { confirmSpend };
