import { McpServer } from "@modelcontextprotocol/server"
import * as z from "zod/v4"

export function build() {
  const server = new McpServer({ name: "deploys", version: "2.0.0" })

  server.registerTool(
    "deploy",
    { description: "Deploy a build after confirmation", inputSchema: z.object({ env: z.enum(["staging", "production"]) }) },
    async ({ env }, ctx) => {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Deploy to ${env}?`,
        requestedSchema: {
          type: "object",
          properties: { confirm: { type: "boolean" }, note: { type: "string", maxLength: 80 } },
          required: ["confirm"],
        },
      })
      if (answer.action !== "accept" || !answer.content?.confirm) {
        return { content: [{ type: "text", text: `Deploy to ${env} cancelled.` }] }
      }
      const note = answer.content.note ? ` (${answer.content.note})` : ""
      return { content: [{ type: "text", text: `Deployed to ${env}${note}.` }] }
    },
  )

  return server
}
