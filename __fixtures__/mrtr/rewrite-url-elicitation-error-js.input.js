import { McpServer, UrlElicitationRequiredError } from "@modelcontextprotocol/server"

// GitHub tokens, filled by the OAuth callback route. Module-level: every server instance sees them.
const tokens = new Map()

/** The OAuth callback route: GitHub sends the user's browser here once they authorized the app. */
export function finishSignIn({ url }) {
  tokens.set("github", new URL(url).searchParams.get("client_id"))
}

async function listIssues(ctx) {
  if (!tokens.has("github")) throw new UrlElicitationRequiredError([{ message: "Authorize the GitHub app to read your issues", url: "https://github.com/login/oauth/authorize?client_id=mcp-issues" }])
  return { content: [{ type: "text", text: `3 open issues (token of ${tokens.get("github")})` }] }
}

export function build() {
  const server = new McpServer({ name: "issues", version: "2.0.0" })
  server.registerTool("list_issues", { description: "List your open GitHub issues" }, listIssues)
  return server
}
