import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { discoverFiles, type DiscoveryResult } from '../lib/files.js';
import { names, removeTempDirs, tempDir, tree } from './support/discovery.js';

afterAll(removeTempDirs);

describe('discoverFiles: symbolic links', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });

  it('reports a directory loop once and terminates', async () => {
    tree(dir, { 'dir/a.ts': 'x', 'b.ts': 'y' });
    fs.symlinkSync('..', path.join(dir, 'dir', 'loop'));
    const result = await discoverFiles([dir]);
    expect(names(result)).toEqual(['b.ts', 'dir/a.ts']);
    expect(result.problems).toEqual([
      expect.objectContaining({ file: 'dir/loop', absPath: path.join(dir, 'dir', 'loop'), kind: 'symlink-loop' }),
    ]);
    expect(result.problems[0]!.message).toContain('dir/loop');
  });

  it('treats a link to an ancestor above the target as a loop instead of walking outside', async () => {
    tree(dir, { 'proj/a.ts': 'x', 'sibling/outside.ts': 'must not be reached' });
    fs.symlinkSync('..', path.join(dir, 'proj', 'up'));
    const result = await discoverFiles([path.join(dir, 'proj')]);
    expect(names(result)).toEqual(['a.ts']);
    expect(result.problems.map((p) => [p.file, p.kind])).toEqual([['up', 'symlink-loop']]);
  });

  it('reports a self-referencing link as a loop', async () => {
    tree(dir, { 'a.ts': 'x' });
    fs.symlinkSync('self.ts', path.join(dir, 'self.ts'));
    const result = await discoverFiles([dir]);
    expect(names(result)).toEqual(['a.ts']);
    expect(result.problems.map((p) => [p.file, p.kind])).toEqual([['self.ts', 'symlink-loop']]);
  });

  it('reports a dangling link as unreadable', async () => {
    tree(dir, { 'a.ts': 'x' });
    fs.symlinkSync('does-not-exist.ts', path.join(dir, 'gone.ts'));
    fs.symlinkSync('does-not-exist.md', path.join(dir, 'gone.md')); // not a source file: silent
    const result = await discoverFiles([dir]);
    expect(names(result)).toEqual(['a.ts']);
    expect(result.problems).toEqual([
      expect.objectContaining({ file: 'gone.ts', absPath: path.join(dir, 'gone.ts'), kind: 'unreadable' }),
    ]);
    expect(result.problems[0]!.message).toMatch(/^gone\.ts: /);
  });

  it('follows linked files and directories, visiting each real file once', async () => {
    tree(dir, {
      'outside/lib/x.ts': 'x',
      'outside/e.ts': 'e',
      'proj/real.ts': 'r',
      'proj/src/s.ts': 's',
    });
    const proj = path.join(dir, 'proj');
    fs.symlinkSync(path.join('..', 'outside', 'lib'), path.join(proj, 'linked-lib'));
    fs.symlinkSync(path.join('..', 'outside', 'e.ts'), path.join(proj, 'ext.ts'));
    fs.symlinkSync('real.ts', path.join(proj, 'alias.ts')); // same file as real.ts, sorts before it
    fs.symlinkSync('real.ts', path.join(proj, 'z-alias.ts')); // same file as real.ts, sorts after it
    fs.symlinkSync('src', path.join(proj, 'a-src')); // same directory as src, sorts first
    const result = await discoverFiles([proj]);
    expect(names(result)).toEqual(['ext.ts', 'linked-lib/x.ts', 'real.ts', 'src/s.ts']);
    expect(result.problems).toEqual([]);
    const ext = result.files.find((f) => f.file === 'ext.ts')!;
    expect(ext.absPath).toBe(path.join(proj, 'ext.ts'));
    expect(ext.text).toBe('e');
  });

  it('marks the files whose real path is outside the target: analysed, never written', async () => {
    tree(dir, { 'outside/lib/x.ts': 'x', 'outside/e.ts': 'e', 'proj/real.ts': 'r' });
    const proj = path.join(dir, 'proj');
    fs.symlinkSync(path.join('..', 'outside', 'lib'), path.join(proj, 'linked-lib'));
    fs.symlinkSync(path.join('..', 'outside', 'e.ts'), path.join(proj, 'ext.ts'));
    fs.symlinkSync('real.ts', path.join(proj, 'alias.ts'));
    const outside = (result: DiscoveryResult) =>
      Object.fromEntries(result.files.map((f) => [f.file, f.outsideTarget ?? null]));
    expect(outside(await discoverFiles([proj]))).toEqual({
      'ext.ts': path.join(dir, 'outside', 'e.ts'),
      'linked-lib/x.ts': path.join(dir, 'outside', 'lib', 'x.ts'),
      'real.ts': null,
    });
    // Named on the command line, a link still leads outside its folder.
    expect(outside(await discoverFiles([path.join(proj, 'ext.ts')]))).toEqual({
      'ext.ts': path.join(dir, 'outside', 'e.ts'),
    });
    // Both under the target: nothing is outside.
    expect(outside(await discoverFiles([dir]))).toEqual({
      'outside/e.ts': null,
      'outside/lib/x.ts': null,
      'proj/real.ts': null,
    });
  });
});
