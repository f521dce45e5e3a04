import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema } from "@modelcontextprotocol/server"
import * as z from "zod/v4"

export function build() {
  const server = new McpServer({ name: "deploys", version: "2.0.0" })

  server.registerTool(
    "deploy",
    { description: "Deploy a build after confirmation", inputSchema: z.object({ env: z.enum(["staging", "production"]) }) },
    async ({ env }, ctx) => {
      const answerRequest = {
        message: `Deploy to ${env}?`,
        requestedSchema: {
          type: "object",
          properties: { confirm: { type: "boolean" }, note: { type: "string", maxLength: 80 } },
          required: ["confirm"],
        },
      }
      const answer = inputResponse(ctx.mcpReq.inputResponses, "deploy_ask")
      if (answer.kind !== "elicit") {
        return inputRequired({ inputRequests: { deploy_ask: inputRequired.elicit(answerRequest) } })
      }
      if (answer.action === "accept" && answer.content) {
        const validation = fromJsonSchema(answerRequest.requestedSchema)["~standard"].validate(answer.content)
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(", ")
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`)
        }
      }
      if (answer.action !== "accept" || !answer.content?.confirm) {
        return { content: [{ type: "text", text: `Deploy to ${env} cancelled.` }] }
      }
      const note = answer.content.note ? ` (${answer.content.note})` : ""
      return { content: [{ type: "text", text: `Deployed to ${env}${note}.` }] }
    },
  )

  return server
}
