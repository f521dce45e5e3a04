import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { McpServer } from '@modelcontextprotocol/server';
import { confirmRelease } from '../src/confirm.js';

// The unit test drives the helper with a stand-in server whose ask answers at once.
function standIn(publish: boolean): McpServer {
  return {
    server: { elicitInput: async () => ({ action: 'accept', content: { publish } }) },
  } as unknown as McpServer;
}

test('a release is published only when the user says so', async () => {
  assert.equal(await confirmRelease(standIn(true), 'v2.0.0'), true);
  assert.equal(await confirmRelease(standIn(false), 'v2.0.0'), false);
});
