import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

type Cb = (args: { path: string }) => Promise<{ content: { type: "text"; text: string }[] }>;
const withErrors = (fn: Cb): Cb => async (args) => {
  try { return await fn(args); } catch (e) { return { content: [{ type: "text", text: String(e) }] }; }
};

const server = new McpServer({ name: "r1", version: "1" });
server.registerTool("exa", { description: "x" }, withErrors(async ({ path }) => {
  const r = await server.server.elicitInput({ message: `Pay for ${path}?`, requestedSchema: { type: "object", properties: {} } });
  return { content: [{ type: "text", text: r.action }] };
}));
