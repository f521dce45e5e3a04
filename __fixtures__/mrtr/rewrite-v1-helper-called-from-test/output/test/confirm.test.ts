import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { McpServer } from '@modelcontextprotocol/server';
import { confirmClose } from '../src/confirm.js';

// A stand-in server: its ask answers at once with the agent's choice.
const agentSays = (close: boolean) =>
  ({ server: { elicitInput: async () => ({ action: 'accept', content: { close } }) } }) as unknown as McpServer;

test('a ticket closes only when the agent agrees', async () => {
  assert.equal(await confirmClose(agentSays(true), 'T-17'), true);
  assert.equal(await confirmClose(agentSays(false), 'T-17'), false);
});
