import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverFiles } from '../lib/files.js';
import { names, removeTempDirs, tempDir, tree } from './support/discovery.js';

afterAll(removeTempDirs);

describe('discoverFiles: targets', () => {
  it('uses the containing directory as root for a single file target', async () => {
    const dir = tree(tempDir(), {
      '.gitignore': 'ignored.ts\n',
      'src/server.ts': 'const x = 1;',
      'src/ignored.ts': 'explicit targets win over .gitignore',
      'src/other.ts': 'not a target',
      'src/notes.md': '#',
    });
    const result = await discoverFiles([path.join(dir, 'src', 'server.ts')]);
    expect(result.root).toBe(path.join(dir, 'src'));
    expect(result.files).toEqual([
      { absPath: path.join(dir, 'src', 'server.ts'), file: 'server.ts', text: 'const x = 1;', bytes: 12 },
    ]);

    const ignored = await discoverFiles([path.join(dir, 'src', 'ignored.ts')]);
    expect(names(ignored)).toEqual(['ignored.ts']);

    // Named explicitly, a declaration file is kept too: the only condition is a source extension.
    fs.writeFileSync(path.join(dir, 'src', 'types.d.ts'), 'declare const t: 1;');
    const declaration = await discoverFiles([path.join(dir, 'src', 'types.d.ts')]);
    expect(names(declaration)).toEqual(['types.d.ts']);

    const notSource = await discoverFiles([path.join(dir, 'src', 'notes.md')]);
    expect(notSource.files).toEqual([]);
    expect(notSource.missing).toEqual([]);
  });

  it('resolves relative targets against process.cwd()', async () => {
    const dir = tree(tempDir(), { 'proj/src/a.ts': 'x' });
    const relTarget = path.relative(process.cwd(), path.join(dir, 'proj'));
    const result = await discoverFiles([relTarget]);
    expect(result.root).toBe(path.join(dir, 'proj'));
    expect(names(result)).toEqual(['src/a.ts']);
  });

  it('uses the deepest common ancestor as root for several targets and does not duplicate files', async () => {
    const dir = tree(tempDir(), {
      'repo/a/x.ts': 'x',
      'repo/a/y.ts': 'y',
      'repo/b/z.ts': 'z',
      'repo/c/w.ts': 'not a target',
    });
    const repo = path.join(dir, 'repo');
    const result = await discoverFiles([path.join(repo, 'b'), path.join(repo, 'a', 'x.ts')]);
    expect(result.root).toBe(repo);
    expect(names(result)).toEqual(['a/x.ts', 'b/z.ts']);

    const overlapping = await discoverFiles([path.join(repo, 'a', 'x.ts'), path.join(repo, 'a'), repo]);
    expect(overlapping.root).toBe(repo);
    expect(names(overlapping)).toEqual(['a/x.ts', 'a/y.ts', 'b/z.ts', 'c/w.ts']);

    const twoFiles = await discoverFiles([path.join(repo, 'a', 'y.ts'), path.join(repo, 'a', 'x.ts')]);
    expect(twoFiles.root).toBe(path.join(repo, 'a'));
    expect(names(twoFiles)).toEqual(['x.ts', 'y.ts']);
  });

  it('reports targets that do not exist in `missing`, as given, without throwing', async () => {
    const dir = tree(tempDir(), { 'a.ts': 'x' });
    const gone = path.join(dir, 'nope', 'here.ts');
    const result = await discoverFiles([dir, gone, 'definitely-not-here-42']);
    expect(result.missing).toEqual([gone, 'definitely-not-here-42']);
    expect(result.root).toBe(dir);
    expect(names(result)).toEqual(['a.ts']);

    const none = await discoverFiles(['definitely-not-here-42']);
    expect(none.missing).toEqual(['definitely-not-here-42']);
    expect(none.files).toEqual([]);
    expect(none.root).toBe(process.cwd());
  });

  it('gives zero files and no problems for an empty directory', async () => {
    const dir = tempDir();
    const result = await discoverFiles([dir]);
    expect(result).toEqual({ root: dir, files: [], problems: [], missing: [] });
  });

  it('handles paths with spaces and non-ASCII characters', async () => {
    const dir = tree(tempDir(), { 'dir with space/ünï.ts': 'export const ü = 1;\n' });
    const result = await discoverFiles([dir]);
    expect(names(result)).toEqual(['dir with space/ünï.ts']);
    expect(result.files[0]!.absPath).toBe(path.join(dir, 'dir with space', 'ünï.ts'));
    expect(result.files[0]!.text).toBe('export const ü = 1;\n');
    expect(result.files[0]!.bytes).toBe(Buffer.byteLength('export const ü = 1;\n'));

    const single = await discoverFiles([path.join(dir, 'dir with space', 'ünï.ts')]);
    expect(names(single)).toEqual(['ünï.ts']);
  });
});

describe('discoverFiles: scale', () => {
  // Speed is measured by `npm run bench`, never asserted here.
  it('walks and reads a 5,000-file tree deterministically', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '.gitignore'), '*.gen.ts\n');
    for (let d = 0; d < 100; d++) {
      const sub = path.join(dir, `pkg${d}`, 'src');
      fs.mkdirSync(sub, { recursive: true });
      for (let f = 0; f < 50; f++) {
        fs.writeFileSync(path.join(sub, `file${f}.ts`), `export const v${f} = ${f};\n`.repeat(20));
      }
    }
    const result = await discoverFiles([dir], { exclude: ['**/*.test.ts'] });
    expect(result.files).toHaveLength(5000);
    const sorted = [...names(result)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(names(result)).toEqual(sorted);
  });
});
