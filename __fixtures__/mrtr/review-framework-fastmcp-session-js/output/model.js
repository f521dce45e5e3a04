// Completes prompts through the MCP client's model: the FastMCP session is kept from the constructor.
export class SessionModel {
  constructor(session) {
    this.session = session;
  }

  async complete(prompt) {
    /* @mcp-mrtr-review framework-api: push-style request made through a framework (its own API, or the SDK server its handler context carries): the framework owns the handler, so this tool cannot rewrite it: FastMCP (`fastmcp`): upgrade to a release of FastMCP with MRTR support, or move this tool onto the SDK's MRTR API (inputRequired / inputResponse) */
    const reply = await this.session.requestSampling(
      { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 },
      { timeout: 60000 },
    );
    return reply.content.text;
  }
}
