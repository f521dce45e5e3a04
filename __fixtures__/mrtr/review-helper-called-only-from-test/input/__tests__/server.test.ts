import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { McpServer } from '@modelcontextprotocol/server';
import { confirmWipe } from '../src/server.js';

const declines = { server: { elicitInput: async () => ({ action: 'decline' }) } } as unknown as McpServer;

test('a declined wipe keeps the cache', async () => {
  assert.equal(await confirmWipe(declines, 'thumbnails'), false);
});
