import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audit } from '../api/index.js';
import type { Report } from '../lib/model.js';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { snapshotTree } from './support/fixtures.js';
import { confirmOnceScript, removeTemps, run, temps, tempTree } from './support/v1-to-v2.js';

afterEach(removeTemps);

// v2 code (already on @modelcontextprotocol/server) whose stdio entry still connects by hand: it serves 2025-era
// clients only, so the step serves it through serveStdio as it does its own outputs; its HTTP wiring and its test
// files are left alone; a prerelease without serveStdio gets the advice to raise it first.
const SERVER = [
  "import { McpServer } from '@modelcontextprotocol/server';",
  "import { z } from 'zod';",
  '',
  'export function createServer() {',
  "  const server = new McpServer({ name: 'v2-notes', version: '1.0.0' });",
  '  const notes: string[] = [];',
  "  server.registerTool('note', { description: 'Keep a note', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {",
  '    notes.push(text);',
  "    return { content: [{ type: 'text' as const, text: `${notes.length} notes` }] };",
  '  });',
  '  return server;',
  '}',
  '',
].join('\n');
const ENTRY = [
  "import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';",
  "import { createServer } from './server.js';",
  '',
  'async function main() {',
  '  const server = createServer();',
  '  await server.connect(new StdioServerTransport());',
  "  console.error('v2 notes on stdio');",
  '}',
  '',
  'main();',
  '',
].join('\n');
const manifest = (range: string) =>
  JSON.stringify(
    { name: 'v2-notes', type: 'module', dependencies: { '@modelcontextprotocol/server': range, zod: '^4.2.0' } },
    null,
    2,
  ) + '\n';

describe('v2 code: a stdio entry that connects by hand', () => {
  it('is served through serveStdio, answering as the original in both eras; package.json stays', async () => {
    const dir = tempTree({ 'package.json': manifest('^2.4.0'), 'src/server.ts': SERVER, 'src/index.ts': ENTRY });
    const original = tempTree({ 'package.json': manifest('^2.4.0'), 'src/server.ts': SERVER, 'src/index.ts': ENTRY });
    const first = run(['--report', 'json', '--allow-dirty', dir]);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    expect(
      (report.findings ?? []).filter((f) => /serv/.test(f.reason)).map((f) => `${f.file}:${f.line} ${f.reason}`),
    ).toEqual(['src/index.ts:6 served-by-serve-stdio']);
    const migrated = fs.readFileSync(path.join(dir, 'src', 'index.ts'), 'utf8');
    expect(migrated).toBe(
      ENTRY.replace('{ StdioServerTransport }', '{ serveStdio }').replace(
        '  const server = createServer();\n  await server.connect(new StdioServerTransport());\n',
        '  serveStdio(() => createServer());\n',
      ),
    );
    // The dry run writes nothing, and its patch gives exactly what the migration wrote.
    const dry = tempTree({ 'package.json': manifest('^2.4.0'), 'src/server.ts': SERVER, 'src/index.ts': ENTRY });
    const untouched = snapshotTree(dry);
    const planned = run(['--dry-run', '--diff', '--quiet', dry]);
    expect(planned.code, planned.stderr).toBe(0);
    expect(snapshotTree(dry)).toEqual(untouched);
    const patch = `${dry}.patch`;
    temps.push(patch);
    fs.writeFileSync(patch, planned.stdout);
    expect(spawnSync('git', ['apply', patch], { cwd: dry, encoding: 'utf8' }).stderr).toBe('');
    expect(fs.readFileSync(path.join(dry, 'src', 'index.ts'), 'utf8')).toBe(migrated);
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(manifest('^2.4.0'));
    expect(fs.readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8')).toBe(SERVER);
    const calls: Call[] = [
      { kind: 'tool', name: 'note', args: { text: 'milk' } },
      { kind: 'tool', name: 'note', args: { text: 'eggs' } },
    ];
    const script = confirmOnceScript(() => 0);
    const before = await runOverStdio(path.join(compileTree(original), 'src', 'index.js'), '2025', calls, script);
    expect(before.results.length).toBe(2);
    for (const era of ['2025', '2026'] as const)
      expect(await runOverStdio(path.join(compileTree(dir), 'src', 'index.js'), era, calls, script), era).toEqual(
        before,
      );
    const again = run(['--report', 'json', '--allow-dirty', dir]);
    expect((JSON.parse(again.stdout) as Report).files.filter((f) => f.status !== 'unchanged')).toEqual([]);
  });

  it('is served the same from the CLI, with --no-v1-to-v2 and from the library (the serving transform)', async () => {
    const dir = tempTree({ 'package.json': manifest('^2.4.0'), 'src/server.ts': SERVER, 'src/index.ts': ENTRY });
    const untouched = snapshotTree(dir);
    // What a report says of serving: the changed files, and every finding by name and place.
    const serving = (report: Report) => ({
      changed: report.files.filter((f) => f.status !== 'unchanged').map((f) => `${f.file} ${f.status}`),
      findings: (report.findings ?? []).map((f) => `${f.file}:${f.line} ${f.transform}/${f.reason}: ${f.message}`),
    });
    const report = (args: string[]) => {
      const out = run(['--dry-run', '--report', 'json', ...args, dir]);
      expect(out.code, out.stderr).toBe(0);
      return JSON.parse(out.stdout) as Report;
    };
    const patch = (args: string[]) => {
      const out = run(['--dry-run', '--diff', '--quiet', ...args, dir]);
      expect(out.code, out.stderr).toBe(0);
      return out.stdout;
    };
    const expected = serving(report([]));
    expect(expected.findings).toEqual([
      'src/index.ts:6 v1-to-v2/served-by-serve-stdio: served through serveStdio(() => createServer()): one instance per connection, 2026-era and 2025-era clients',
    ]);
    expect(expected.changed).toEqual(['src/index.ts changed']);
    expect(serving(report(['--no-v1-to-v2']))).toEqual(expected);
    const library = await audit({ paths: [dir], diff: true });
    expect(serving(library)).toEqual(expected);
    // The same patch: the CLI's with and without the v1 step, and the library's diff of the one changed file.
    const diff = patch([]);
    expect(diff).toContain('+  serveStdio(() => createServer());');
    expect(patch(['--no-v1-to-v2'])).toBe(diff);
    const changed = library.files.find((f) => f.file === 'src/index.ts')!;
    expect(diff).toContain(changed.diff!);
    expect(snapshotTree(dir)).toEqual(untouched);
  });

  // On a prerelease without serveStdio (review, with the advice to raise it first), and its HTTP wiring, test files and
  // client connects left alone: fixtures `v1-to-v2-cli/review-v2-stdio-prerelease`, `skip-v2-http-tests-and-clients`.
});
