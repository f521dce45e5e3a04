import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Migrated multi-round servers sign their requestState with this secret (a test-only value, >= 32 bytes).
    env: { MCP_REQUEST_STATE_SECRET: 'test-only requestState secret, not for production use' },
  },
});
