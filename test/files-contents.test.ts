import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { discoverFiles } from '../lib/files.js';
import { names, removeTempDirs, tempDir, tree } from './support/discovery.js';

afterAll(removeTempDirs);

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
