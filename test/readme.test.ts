import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSFORMS } from '../transforms/index.js';
import { REPO_ROOT } from './support/fixtures.js';

const README = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');

describe('README stays true', () => {
  it('documents every reason id of every registered transform with its message and advice', () => {
    // Reports link a reason to the README row `#reason-<id>`: ids must be unique across transforms.
    const ids = TRANSFORMS.flatMap((t) => Object.keys(t.reasons));
    expect(new Set(ids).size).toBe(ids.length);
    for (const [id, info] of TRANSFORMS.flatMap((t) => Object.entries(t.reasons))) {
      const row = README.split('\n').find((line) => line.includes(`<a id="reason-${id}"></a>\`${id}\``));
      expect(row, `README row for ${id}`).toBeDefined();
      expect(row).toContain(info.message.replace(/\|/g, '\\|'));
      expect(row).toContain(info.advice.replace(/\|/g, '\\|'));
    }
  });

  it('documents every flag the CLI accepts', () => {
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout;
    const flags = [...help.matchAll(/(?:^|\s)(--[a-z-]+)/g)].map((m) => m[1]!);
    expect(flags.length).toBeGreaterThan(8);
    for (const flag of new Set(flags)) expect(README, flag).toContain(`\`${flag}`);
  });

  it('shows the real text report of the bundled example', () => {
    const out = spawnSync(process.execPath, [CLI, '--dry-run', 'examples/v1-notes-server'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).stdout;
    expect(README).toContain('```text\n' + out);
  });

  it('shows the GitHub Actions example verbatim, using only flags the CLI has', () => {
    const workflow = fs.readFileSync(path.join(REPO_ROOT, 'examples', 'github-actions', 'mrtr-audit.yml'), 'utf8');
    expect(README).toContain('```yaml\n' + workflow + '```\n');
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout;
    const used = [...workflow.matchAll(/mcp-mrtr-codemod ([^\n]*(?:\\\n[^\n]*)*)/g)].flatMap((m) =>
      [...m[1]!.matchAll(/(?:^|\s)(--[a-z-]+)/g)].map((f) => f[1]!),
    );
    expect(used).toContain('--fail-on');
    for (const flag of used) expect(help, flag).toContain(flag);
  });

  it('opens with the two commands: set up and audit the example, and run the tests', () => {
    const quickStart = README.slice(README.indexOf('## Quick start'), README.indexOf('## Status'));
    expect(quickStart).toContain('npm ci && npm run example');
    expect(quickStart).toContain('npm test');
    const ci = fs.readFileSync(path.join(REPO_ROOT, '.ci', 'run'), 'utf8');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });
});
