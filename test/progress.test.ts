import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProgressBar, renderProgress } from '../lib/progress.js';
import { audit } from '../api/index.js';
import { REPO_ROOT } from './support/fixtures.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
}

describe('progress', () => {
  it('renders a bar with the phase and the count', () => {
    expect(renderProgress(0, 40, 'parse')).toBe('parsing   [------------------------]  0/40');
    expect(renderProgress(10, 40, 'parse')).toBe('parsing   [######------------------] 10/40');
    expect(renderProgress(3, 3, 'rewrite')).toBe('rewriting [########################] 3/3');
    expect(renderProgress(0, 1, 'analyse')).toBe('analysing callers and handlers...');
  });

  it('draws on a TTY only once the run is long, at most every interval, and erases itself at the end', () => {
    let now = 0;
    const stream = fakeStream(true);
    const bar = createProgressBar(stream, { delayMs: 1000, intervalMs: 100, now: () => now });
    bar.update(1, 10, 'parse');
    now = 999;
    bar.update(2, 10, 'parse');
    expect(stream.writes).toEqual([]);
    now = 1000;
    bar.update(3, 10, 'parse');
    now = 1050;
    bar.update(4, 10, 'parse');
    bar.update(10, 10, 'parse');
    expect(stream.writes).toEqual([
      `\r\x1b[2K${renderProgress(3, 10, 'parse')}`,
      `\r\x1b[2K${renderProgress(10, 10, 'parse')}`,
    ]);
    bar.finish();
    expect(stream.writes.at(-1)).toBe('\r\x1b[2K');
  });

  it('never writes to a stream that is not a TTY, and a short run never draws', () => {
    let now = 0;
    const pipe = fakeStream(false);
    const piped = createProgressBar(pipe, { now: () => now });
    now = 5000;
    piped.update(1, 2, 'parse');
    piped.finish();
    expect(pipe.writes).toEqual([]);
    const tty = fakeStream(true);
    const quick = createProgressBar(tty, { now: () => 0 });
    quick.update(2, 2, 'parse');
    quick.finish();
    expect(tty.writes).toEqual([]);
  });

  it('is fed by the runner through onProgress, phase by phase', async () => {
    const calls: string[] = [];
    await audit({
      paths: [path.join(REPO_ROOT, 'examples', 'v2-notes-server')],
      onProgress: (done, total, phase) => calls.push(`${phase} ${done}/${total}`),
    });
    expect(calls).toEqual([
      'parse 1/5',
      'parse 2/5',
      'parse 3/5',
      'parse 4/5',
      'parse 5/5',
      'analyse 0/1',
      'analyse 1/1',
      'rewrite 1/5',
      'rewrite 2/5',
      'rewrite 3/5',
      'rewrite 4/5',
      'rewrite 5/5',
    ]);
  });

  it('keeps a CLI run whose stderr is not a terminal free of progress output', () => {
    const run = spawnSync(process.execPath, [CLI, '--dry-run', 'examples/v2-notes-server'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toMatch(/\r|\x1b/);
  });
});
