// Completes prompts through the MCP client's model: the FastMCP session is kept from the constructor.
export class SessionModel {
  constructor(session) {
    this.session = session;
  }

  async complete(prompt) {
    const reply = await this.session.requestSampling(
      { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 },
      { timeout: 60000 },
    );
    return reply.content.text;
  }
}
