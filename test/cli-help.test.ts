import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/fixtures.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');

describe('--help', () => {
  it('matches the snapshot (update with npx vitest run test/cli-help.test.ts -u, and read the diff)', () => {
    // Not a terminal (80 columns), and no colour whatever the environment asks for.
    const { FORCE_COLOR: _force, ...env } = process.env;
    const run = spawnSync(process.execPath, [CLI, '--help'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...env, NO_COLOR: '1' },
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatchSnapshot();
  });
});
