import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpServer } from '@modelcontextprotocol/server';
import { CONFIRM_UNAVAILABLE } from '../server.js';

// Pins the SDK's own error text: a server with no client connected refuses to ask, and says why.
test('the unsupported-elicitation message still matches the SDK', async () => {
  const server = new McpServer({ name: 'pin', version: '0.0.0' });
  await assert.rejects(
    server.server.elicitInput({
      message: 'Check out?',
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
    }),
    { message: CONFIRM_UNAVAILABLE },
  );
});
