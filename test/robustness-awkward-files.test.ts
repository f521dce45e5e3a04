/**
 * The built CLI on hostile input: files that do not parse, binary and 5 MB files, CRLF, BOM, shebangs,
 * symlink loops, paths with spaces and non-ASCII characters, a single-file target, empty targets.
 * (Discovery details are in the test/files-*.test.ts files; this file checks what a user sees end to end.)
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { readTree } from './support/fixtures.js';
import { json, removeTemps, run, tempTree, tool } from './support/robustness.js';

function parses(file: string, text: string): boolean {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return ((source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics ?? []).length === 0;
}

afterEach(removeTemps);

describe('robustness: a tree of awkward files', () => {
  it('audits and migrates what it can, reports the rest, keeps CRLF, BOM and shebang, and a second run changes nothing', () => {
    const big = `// generated\n${'export const value = [1, 2, 3];\n'.repeat(170_000)}`;
    const dir = tempTree({
      'broken.ts': "import { McpServer } from '@modelcontextprotocol/server';\nawait server.elicitInput(;\n",
      'blob.ts': Buffer.concat([Buffer.from('elicitInput'), Buffer.from([0, 1, 2, 3])]),
      'generated.ts': big,
      'crlf.ts': tool('crlf', '\r\n'),
      'bom.ts': `\uFEFF${tool('bom')}`,
      'cli.ts': `#!/usr/bin/env node\n${tool('cli')}`,
      'dir with spaces/ünï cödé ✓.ts': tool('unicode'),
    });
    expect(Buffer.byteLength(big)).toBeGreaterThan(5 * 1024 * 1024);
    fs.symlinkSync('..', path.join(dir, 'dir with spaces', 'loop'));
    const before = readTree(dir);

    const dry = run(['--dry-run', '--report', 'json', dir]);
    expect(dry.code).toBe(1); // broken.ts
    const report = json(dry.stdout);
    const status = Object.fromEntries(
      report.files.map((f) => [f.file, `${f.status}${f.problem ? ` ${f.problem.kind}` : ''}`]),
    );
    expect(status).toEqual({
      'blob.ts': 'skipped binary',
      'bom.ts': 'changed',
      'broken.ts': 'error parse-error',
      'cli.ts': 'changed',
      'crlf.ts': 'changed',
      'dir with spaces/loop': 'skipped symlink-loop',
      'dir with spaces/ünï cödé ✓.ts': 'changed',
      'generated.ts': 'skipped too-large',
    });
    expect(report.sites.map((s) => `${s.file} ${s.decision}`)).toEqual([
      'bom.ts rewritten',
      'cli.ts rewritten',
      'crlf.ts rewritten',
      'dir with spaces/ünï cödé ✓.ts rewritten',
    ]);
    expect(readTree(dir)).toEqual(before);

    const migration = run(['--allow-dirty', '--report', 'json', dir]);
    expect(migration.code).toBe(1);
    const after = readTree(dir);
    for (const file of ['broken.ts', 'blob.ts', 'generated.ts']) expect(after[file]).toBe(before[file]);
    for (const file of ['bom.ts', 'cli.ts', 'crlf.ts', 'dir with spaces/ünï cödé ✓.ts']) {
      expect(after[file], file).not.toBe(before[file]);
      expect(after[file], file).toContain('inputRequired(');
      expect(parses(file, after[file]!.replace(/^#!.*/, '')), file).toBe(true);
    }
    expect(after['crlf.ts']!.split('\r\n').length).toBeGreaterThan(10);
    expect(after['crlf.ts']!.replace(/\r\n/g, '')).not.toContain('\n');
    expect(after['bom.ts']!.startsWith('\uFEFF')).toBe(true);
    expect(after['bom.ts']!.indexOf('\uFEFF', 1)).toBe(-1);
    expect(after['cli.ts']!.startsWith('#!/usr/bin/env node\n')).toBe(true);

    const again = run(['--allow-dirty', '--report', 'json', dir]);
    expect(json(again.stdout).files.filter((f) => f.status === 'changed')).toEqual([]);
    expect(readTree(dir)).toEqual(after);
  });

  it('migrates a single file target and nothing beside it', () => {
    const dir = tempTree({ 'one.ts': tool('one'), 'two.ts': tool('two') });
    const { code, stdout } = run(['--allow-dirty', '--report', 'json', path.join(dir, 'one.ts')]);
    expect(code).toBe(0);
    expect(json(stdout).files.map((f) => `${f.file} ${f.status}`)).toEqual(['one.ts changed']);
    expect(fs.readFileSync(path.join(dir, 'one.ts'), 'utf8')).toContain('inputRequired(');
    expect(fs.readFileSync(path.join(dir, 'two.ts'), 'utf8')).toBe(tool('two'));
  });

  it('exits 2 with a clear message, not "0 files, success", on a directory without source files', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, '--dry-run'],
      [{ 'README.md': '# x', 'data.json': '{}' }, '--dry-run'],
      [{ '.gitignore': 'gen/\n', 'gen/a.ts': tool('a'), 'node_modules/x/index.js': 'x' }, '--allow-dirty'],
    ];
    for (const [files, mode] of cases) {
      const dir = tempTree(files);
      const { code, stdout, stderr } = run([mode, dir]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/no source files .* found under /);
      expect(stdout).toBe('');
    }
  });
});
