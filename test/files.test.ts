import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  discoverFiles,
  MAX_FILE_BYTES,
  SKIPPED_DIRECTORIES,
  SOURCE_EXTENSIONS,
  type DiscoveryResult,
} from '../lib/files.js';

const tempDirs: string[] = [];

/** A fresh temp dir (real path, so expectations about absolute paths hold on every platform). */
function tempDir(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-files-')));
  tempDirs.push(dir);
  return dir;
}

/** Create files: keys are posix paths relative to `base`; a key ending in '/' makes a directory. */
function tree(base: string, spec: Record<string, string | Buffer>): string {
  for (const [rel, content] of Object.entries(spec)) {
    const abs = path.join(base, ...rel.split('/'));
    if (rel.endsWith('/')) {
      fs.mkdirSync(abs, { recursive: true });
    } else {
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, content);
    }
  }
  return base;
}

function names(result: DiscoveryResult): string[] {
  return result.files.map((f) => f.file);
}

afterAll(() => {
  for (const dir of tempDirs) {
    // Restore permissions changed by tests so that cleanup works for non-root users too.
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      /* best effort */
    }
  }
});

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

describe('discoverFiles: file contents and problems', () => {
  it('reports a file with a NUL byte in the first 8000 bytes as binary', async () => {
    const late = Buffer.concat([Buffer.alloc(9000, 0x61), Buffer.from([0])]);
    const dir = tree(tempDir(), {
      'bin.js': Buffer.from([0x63, 0x6f, 0x00, 0x6e, 0x73, 0x74]),
      'late-nul.js': late,
      'text.js': 'ok',
    });
    const result = await discoverFiles([dir]);
    expect(names(result)).toEqual(['late-nul.js', 'text.js']);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ file: 'bin.js', absPath: path.join(dir, 'bin.js'), kind: 'binary' });
    expect(result.problems[0]!.message).toContain('bin.js');
    expect(result.problems[0]!.message).not.toContain('\n');
  });

  it('reports files above maxFileBytes as too-large without reading them past the limit', async () => {
    const dir = tree(tempDir(), {
      'big.ts': '01234567890', // 11 bytes
      'edge.ts': '0123456789', // 10 bytes: exactly the limit is fine
    });
    const result = await discoverFiles([dir], { maxFileBytes: 10 });
    expect(names(result)).toEqual(['edge.ts']);
    expect(result.problems).toEqual([
      expect.objectContaining({ file: 'big.ts', absPath: path.join(dir, 'big.ts'), kind: 'too-large' }),
    ]);
    expect(result.problems[0]!.message).toMatch(/^big\.ts: .*too large/);

    const defaultLimit = await discoverFiles([dir]);
    expect(names(defaultLimit)).toEqual(['big.ts', 'edge.ts']);
  });

  it('reads files larger than the read buffer whole, and measures them against maxFileBytes', async () => {
    const big = 'x'.repeat(150_000); // larger than the 64 KiB read buffer
    const mid = '/'.repeat(99_999) + '\n';
    const dir = tree(tempDir(), {
      'big.ts': big,
      'mid.ts': mid,
      'nul.ts': Buffer.concat([Buffer.alloc(7999, 0x61), Buffer.alloc(70_000)]),
    });
    const result = await discoverFiles([dir], { maxFileBytes: 100_000 });
    expect(names(result)).toEqual(['mid.ts']);
    expect(result.files[0]!.text).toBe(mid);
    expect(result.files[0]!.bytes).toBe(100_000);
    expect(result.problems.map((p) => [p.file, p.kind, p.message])).toEqual([
      ['big.ts', 'too-large', 'big.ts: file too large (150000 bytes, limit 100000); skipped'],
      ['nul.ts', 'binary', 'nul.ts: binary file (NUL byte in the first 8000 bytes); skipped'],
    ]);

    const unlimited = await discoverFiles([dir], { maxFileBytes: Infinity });
    expect(unlimited.files.find((f) => f.file === 'big.ts')!.text).toBe(big);
  });

  it.skipIf(process.getuid?.() === 0)('reports a file it cannot read as unreadable with the OS message', async () => {
    const dir = tree(tempDir(), { 'locked.ts': 'secret', 'open.ts': 'x' });
    const locked = path.join(dir, 'locked.ts');
    fs.chmodSync(locked, 0o000);
    try {
      const result = await discoverFiles([dir]);
      expect(names(result)).toEqual(['open.ts']);
      expect(result.problems).toEqual([expect.objectContaining({ file: 'locked.ts', kind: 'unreadable' })]);
      expect(result.problems[0]!.message).toMatch(/^locked\.ts: .*EACCES/);
    } finally {
      fs.chmodSync(locked, 0o644);
    }
  });

  it('never writes anything', async () => {
    const dir = tree(tempDir(), {
      'a.ts': 'x',
      'sub/.gitignore': '*.js\n',
      'sub/b.js': 'y',
      'bin.ts': Buffer.from([0]),
    });
    const snapshot = () =>
      fs
        .readdirSync(dir, { recursive: true, withFileTypes: false, encoding: 'utf8' })
        .sort()
        .map((p) => {
          const st = fs.statSync(path.join(dir, p));
          return `${p}:${st.size}:${st.mtimeMs}`;
        });
    const before = snapshot();
    await discoverFiles([dir]);
    expect(snapshot()).toEqual(before);
  });
});

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

describe('discoverFiles: bytes', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });

  it('strips a byte order mark from the text and records it, so that offsets count from the first character', async () => {
    tree(dir, {
      'bom.ts': Buffer.from([0xef, 0xbb, 0xbf, 0x78]),
      'two.ts': Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x79]),
      'plain.ts': 'z',
      'only.ts': Buffer.from([0xef, 0xbb, 0xbf]),
    });
    const result = await discoverFiles([dir]);
    expect(result.files.map((f) => [f.file, f.text, f.bom ?? null, f.bytes])).toEqual([
      ['bom.ts', 'x', '\uFEFF', 4],
      ['only.ts', '', '\uFEFF', 3],
      ['plain.ts', 'z', null, 1],
      ['two.ts', 'y', '\uFEFF\uFEFF', 7],
    ]);
  });

  it('reports a file that is not valid UTF-8 (not-utf8) and does not read it', async () => {
    tree(dir, {
      'latin1.ts': Buffer.concat([Buffer.from('// ok\n// caf'), Buffer.from([0xe9]), Buffer.from('\n')]),
      'surrogate.ts': Buffer.from([0x61, 0xed, 0xa0, 0x80]), // an encoded UTF-16 surrogate
      'truncated.ts': Buffer.from([0x61, 0xe2, 0x82]),
      'utf8.ts': '// café ✓ 𝄞\n',
    });
    const result = await discoverFiles([dir]);
    expect(names(result)).toEqual(['utf8.ts']);
    expect(result.problems.map((p) => [p.kind, p.message])).toEqual([
      ['not-utf8', 'latin1.ts: not valid UTF-8 (byte 0xE9 on line 2); skipped, so that its bytes are never re-encoded'],
      [
        'not-utf8',
        'surrogate.ts: not valid UTF-8 (byte 0xED on line 1); skipped, so that its bytes are never re-encoded',
      ],
      [
        'not-utf8',
        'truncated.ts: not valid UTF-8 (byte 0xE2 on line 1); skipped, so that its bytes are never re-encoded',
      ],
    ]);
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
