// An MCP-Nest tool: a decorated method of an injectable class asks through the SDK server of its McpContext.
import { Injectable } from '@nestjs/common';
import { Tool, type Context } from '@rekog/mcp-nest';
import { z } from 'zod';

@Injectable()
export class GreetingTool {
  @Tool({ name: 'greet', description: 'Greet in a chosen language', parameters: z.object({ name: z.string() }) })
  async greet({ name }: { name: string }, context: Context) {
    /* @mcp-mrtr-review framework-api: push-style request made through a framework (its own API, or the SDK server its handler context carries): the framework owns the handler, so this tool cannot rewrite it: MCP-Nest (`@rekog/mcp-nest`): on a release built on the v2 SDK, return the SDK's inputRequired({ inputRequests }) from the handler instead of asking (MCP-Nest's protocol-revisions guide) */
    const choice = await context.mcpServer.server.elicitInput({
      message: 'Which language?',
      requestedSchema: {
        type: 'object',
        properties: { language: { type: 'string', enum: ['en', 'fr'] } },
      },
    });
    const language = choice.action === 'accept' ? choice.content?.language : 'en';
    return language === 'fr' ? `Bonjour ${name}` : `Hello ${name}`;
  }
}
