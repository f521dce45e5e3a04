import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverFiles, MAX_FILE_BYTES, SKIPPED_DIRECTORIES, SOURCE_EXTENSIONS } from '../lib/files.js';
import { names, removeTempDirs, tempDir, tree } from './support/discovery.js';

afterAll(removeTempDirs);

describe('constants', () => {
  it('exports the documented extension list, skipped directories and size limit', () => {
    expect([...SOURCE_EXTENSIONS]).toEqual(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);
    expect(SKIPPED_DIRECTORIES).toContain('node_modules');
    expect(SKIPPED_DIRECTORIES).toContain('dist');
    expect(MAX_FILE_BYTES).toBe(2 * 1024 * 1024);
  });
});

describe('discoverFiles: filtering', () => {
  it('keeps every source extension and skips declaration files and other files', async () => {
    const dir = tree(tempDir(), {
      'a.ts': 'a',
      'b.tsx': 'b',
      'c.mts': 'c',
      'd.cts': 'd',
      'e.js': 'e',
      'f.jsx': 'f',
      'g.mjs': 'g',
      'h.cjs': 'h',
      'readme.md': '#',
      'data.json': '{}',
      noext: 'x',
      ts: 'not an extension',
      'types.d.ts': 'declare const x: 1;',
      'mod.d.mts': 'declare const x: 1;',
      'com.d.cts': 'declare const x: 1;',
      'style.d.css.ts': 'declare const x: 1;',
      'nested/types.d.ts': 'declare const y: 1;',
      'nested/kept.ts': 'k',
      'odd.d.tsx': 'tsx with d in name is a real source file',
    });
    const result = await discoverFiles([dir]);
    expect(result.root).toBe(dir);
    expect(names(result)).toEqual([
      'a.ts',
      'b.tsx',
      'c.mts',
      'd.cts',
      'e.js',
      'f.jsx',
      'g.mjs',
      'h.cjs',
      'nested/kept.ts',
      'odd.d.tsx',
    ]);
    expect(result.problems).toEqual([]);
    expect(result.missing).toEqual([]);
    const a = result.files[0]!;
    expect(a).toEqual({ absPath: path.join(dir, 'a.ts'), file: 'a.ts', text: 'a', bytes: 1 });
  });

  it('skips node_modules, dist and other build output directories anywhere in the tree', async () => {
    const dir = tree(tempDir(), {
      'node_modules/pkg/index.js': 'x',
      'dist/index.js': 'x',
      'build/out.js': 'x',
      'out/x.js': 'x',
      'coverage/lcov.js': 'x',
      '.next/page.js': 'x',
      '.turbo/x.js': 'x',
      '.cache/x.js': 'x',
      '.git/hooks/pre-commit.js': 'x',
      'packages/app/node_modules/dep/index.ts': 'x',
      'packages/app/dist/index.js': 'x',
      'packages/app/src/index.ts': 'x',
      'distribution/keep.ts': 'x',
      'src/dist.ts': 'a file named like a skipped directory is kept',
    });
    const result = await discoverFiles([dir]);
    expect(names(result)).toEqual(['distribution/keep.ts', 'packages/app/src/index.ts', 'src/dist.ts']);
  });
});

describe('discoverFiles: .gitignore', () => {
  it('applies a nested .gitignore only to its own subtree, relative to its directory, with negation', async () => {
    const dir = tree(tempDir(), {
      '.gitignore': 'ignored-dir/\n*.log.ts\n',
      'sub/.gitignore': '# generated\n*.gen.ts\n!keep.gen.ts\n/local.ts\n',
      'sub/a.gen.ts': 'x',
      'sub/keep.gen.ts': 'x',
      'sub/local.ts': 'x',
      'sub/deep/local.ts': 'anchored pattern only matches sub/local.ts',
      'sub/deep/b.gen.ts': 'x',
      'sub/ok.ts': 'x',
      'top.gen.ts': 'sub/.gitignore does not apply here',
      'local.ts': 'nor here',
      'other/c.gen.ts': 'x',
      'ignored-dir/x.ts': 'x',
      'sub/ignored-dir/y.ts': 'x',
      'debug.log.ts': 'x',
    });
    const result = await discoverFiles([dir]);
    expect(names(result)).toEqual([
      'local.ts',
      'other/c.gen.ts',
      'sub/deep/local.ts',
      'sub/keep.gen.ts',
      'sub/ok.ts',
      'top.gen.ts',
    ]);
  });

  it('lets a deeper .gitignore re-include what a shallower one ignores', async () => {
    const dir = tree(tempDir(), {
      '.gitignore': '*.gen.ts\n',
      'a.gen.ts': 'x',
      'keep/.gitignore': '!*.gen.ts\n',
      'keep/b.gen.ts': 'x',
      'keep/deeper/c.gen.ts': 'x',
      'other/d.gen.ts': 'x',
    });
    const result = await discoverFiles([dir]);
    expect(names(result)).toEqual(['keep/b.gen.ts', 'keep/deeper/c.gen.ts']);
  });

  it('honours ancestor .gitignore files up to the repository root, and .git/info/exclude', async () => {
    const base = tree(tempDir(), {
      // Above the repository: must not apply.
      '.gitignore': '*.ts\n',
      'repo/.git/': '',
      'repo/.git/info/exclude': 'excluded.ts\n',
      'repo/.gitignore': 'secret.ts\n/pkg/generated/\n',
      'repo/pkg/.gitignore': '*.tmp.ts\n',
      'repo/pkg/a.ts': 'x',
      'repo/pkg/secret.ts': 'x',
      'repo/pkg/excluded.ts': 'x',
      'repo/pkg/b.tmp.ts': 'x',
      'repo/pkg/generated/gen.ts': 'x',
      'repo/pkg/src/generated/kept.ts': 'anchored to the repo root: only pkg/generated is ignored',
    });
    const target = path.join(base, 'repo', 'pkg');
    const result = await discoverFiles([target]);
    expect(result.root).toBe(target);
    expect(names(result)).toEqual(['a.ts', 'src/generated/kept.ts']);
  });

  it('ignores ancestor .gitignore files when there is no enclosing repository', async () => {
    const base = tree(tempDir(), {
      '.gitignore': '*.ts\n',
      'pkg/a.ts': 'x',
    });
    // os.tmpdir() is not inside a git repository in the test environment; guard anyway.
    const insideRepo = (() => {
      for (let d = base; ; d = path.dirname(d)) {
        if (fs.existsSync(path.join(d, '.git'))) return true;
        if (path.dirname(d) === d) return false;
      }
    })();
    const result = await discoverFiles([path.join(base, 'pkg')]);
    if (!insideRepo) expect(names(result)).toEqual(['a.ts']);
    // The root's own .gitignore always applies.
    const all = await discoverFiles([base]);
    expect(names(all)).toEqual([]);
  });
});

describe('discoverFiles: include / exclude', () => {
  it('matches globs against the root-relative posix path (dot: true)', async () => {
    const dir = tree(tempDir(), {
      'src/a.ts': 'x',
      'src/a.test.ts': 'x',
      'src/deep/b.ts': 'x',
      'src/deep/b.test.ts': 'x',
      'src/.hidden/c.ts': 'x',
      'lib/d.ts': 'x',
      'e.ts': 'x',
    });
    const result = await discoverFiles([dir], { include: ['src/**'], exclude: ['**/*.test.ts'] });
    expect(names(result)).toEqual(['src/.hidden/c.ts', 'src/a.ts', 'src/deep/b.ts']);

    const onlyExclude = await discoverFiles([dir], { exclude: ['src/deep/**', 'e.ts'] });
    expect(names(onlyExclude)).toEqual(['lib/d.ts', 'src/.hidden/c.ts', 'src/a.test.ts', 'src/a.ts']);

    const severalIncludes = await discoverFiles([dir], { include: ['lib/**', './e.ts'] });
    expect(names(severalIncludes)).toEqual(['e.ts', 'lib/d.ts']);
  });
});
