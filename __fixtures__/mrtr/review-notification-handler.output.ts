import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InitializedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'greeter', version: '1.0.0' });
let userName = 'there';

// Replaces the SDK's own notifications/initialized handler to greet the user.
server.server.setNotificationHandler(InitializedNotificationSchema, async () => {
  /* @mcp-mrtr-review notification-handler: push-style request inside a notification handler */
  const answer = await server.server.elicitInput({
    message: 'What should I call you?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
  if (answer.action === 'accept' && typeof answer.content?.name === 'string') userName = answer.content.name;
});

server.registerTool('hello', { description: 'Say hello' }, async () => ({
  content: [{ type: 'text', text: `Hello ${userName}` }],
}));

export default server;
