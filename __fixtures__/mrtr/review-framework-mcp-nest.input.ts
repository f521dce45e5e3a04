// An MCP-Nest tool: a decorated method of an injectable class asks through the SDK server of its McpContext.
import { Injectable } from '@nestjs/common';
import { Tool, type Context } from '@rekog/mcp-nest';
import { z } from 'zod';

@Injectable()
export class GreetingTool {
  @Tool({ name: 'greet', description: 'Greet in a chosen language', parameters: z.object({ name: z.string() }) })
  async greet({ name }: { name: string }, context: Context) {
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
