import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

type Cb = (args: { path: string }) => Promise<{ content: { type: "text"; text: string }[] }>;
const withErrors = (fn: Cb): Cb => async (args) => {
  try { return await fn(args); } catch (e) { return { content: [{ type: "text", text: String(e) }] }; }
};

const server = new McpServer({ name: "r1", version: "1" });
server.registerTool("exa", { description: "x" }, withErrors(async ({ path }) => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const r = await server.server.elicitInput({ message: `Pay for ${path}?`, requestedSchema: { type: "object", properties: {} } });
  return { content: [{ type: "text", text: r.action }] };
}));
