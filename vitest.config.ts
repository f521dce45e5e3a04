import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A guard against a hang, not a speed check (speed lives in `npm run bench`): long enough for a machine three
    // times slower, or one whose cores are busy, to pass the slowest test that spawns the CLI several times (the
    // library test took 82 s with the machine's two cores loaded, 30 s alone).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Migrated multi-round servers sign their requestState with this secret (a test-only value, >= 32 bytes).
    env: { MCP_REQUEST_STATE_SECRET: 'test-only requestState secret, not for production use' },
  },
});
