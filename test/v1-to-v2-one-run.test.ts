import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import {
  compileTree,
  loadServerModule,
  runMigrated2025,
  runMigrated2026,
  runOriginal,
  runOverStdio,
  type Call,
} from './support/equivalence.js';
import { FIXTURES_ROOT, migratedTree, readTree, snapshotTree } from './support/fixtures.js';
import { confirmOnceScript, copyOf, removeTemps, run, SCHEMA, temps, tempTree } from './support/v1-to-v2.js';

// A v1 server (two asks in tool handlers, stdio serving, package.json on sdk 1.x and zod 3) migrated by one
// command: the official v1-to-v2 codemod, then the MRTR transform, one plan. The fixture `v1-to-v2-cli/rewrite-notes-mini`
// pins the migration (the v2 tree, sites and findings, package.json, strict compile with the rewrite fixtures, a second
// run); here the CLI's dry run and patch, and the runs in both eras.
const CASE = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'rewrite-notes-mini');
const INPUT = path.join(CASE, 'input');
const EXPECTED = migratedTree(CASE);

afterEach(removeTemps);

const calls: Call[] = [
  { kind: 'tool', name: 'summarize_note', args: { id: '1' } },
  { kind: 'tool', name: 'delete_note', args: { id: '1' } },
  { kind: 'tool', name: 'delete_note', args: { id: '1' } },
];
let elicits = 0;
// The first confirmation is accepted (the note goes), the next declined.
const script = confirmOnceScript(() => elicits++);

describe('v1 projects: the official v1-to-v2 codemod, then MRTR, in one run', () => {
  it('shows the combined plan in a dry run (source files and package.json, one diff each) and writes nothing', () => {
    const dir = copyOf(INPUT);
    const before = snapshotTree(dir);
    const { code, stdout } = run(['--dry-run', '--diff', '--quiet', dir]);
    expect(code).toBe(0);
    expect(snapshotTree(dir)).toEqual(before);
    expect([...stdout.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1])).toEqual([
      'package.json',
      'src/index.ts',
      'src/server.ts',
    ]);
    // One diff per file, from the v1 text to the final text: the v1 import and the MRTR rewrite in the same hunk set.
    expect(stdout).toContain("-import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';");
    expect(stdout).toContain(
      '+        return inputRequired({ inputRequests: { delete_note_ask: inputRequired.elicit(answerRequest) } });',
    );
    // Applied, the dry run's patch gives exactly what the migration writes.
    const patched = copyOf(INPUT);
    const patch = path.join(patched, '..', `${path.basename(patched)}.patch`);
    temps.push(patch);
    fs.writeFileSync(patch, stdout);
    const applied = spawnSync('git', ['apply', patch], { cwd: patched, encoding: 'utf8' });
    expect(applied.stderr).toBe('');
    const migrated = copyOf(INPUT);
    expect(run(['--quiet', migrated]).code).toBe(0);
    expect(readTree(patched)).toEqual(readTree(migrated));
  });

  it('behaves as the v1 original did: same questions, same results, 2026 era and the 2025 shim', async () => {
    const load = (root: string) => loadServerModule(path.join(root, 'src', 'server.ts'), { root, fresh: true });
    elicits = 0;
    const original = await runOriginal(await load(INPUT), 'v1', calls, script);
    elicits = 0;
    const migrated2026 = await runMigrated2026(await load(EXPECTED), calls, script);
    elicits = 0;
    const migrated2025 = await runMigrated2025(await load(EXPECTED), calls, script);
    expect(original.results.map((r) => JSON.stringify(r))).toContain(
      JSON.stringify({ content: [{ type: 'text', text: 'Deleted note 1.' }] }),
    );
    expect(migrated2026).toEqual(original);
    expect(migrated2025).toEqual(original);
  });

  it('serves as the v1 original did over stdio, as a real child process: v1 client, then v2 clients in the 2025 and 2026 eras', async () => {
    // The original entry connects a StdioServerTransport (2025 only); the migrated one is served by serveStdio(() => build()).
    expect(fs.readFileSync(path.join(EXPECTED, 'src', 'index.ts'), 'utf8')).toContain('serveStdio(() => build());');
    const original = path.join(compileTree(INPUT), 'src', 'index.js');
    const migrated = path.join(compileTree(EXPECTED), 'src', 'index.js');
    elicits = 0;
    const viaV1 = await runOverStdio(original, 'v1', calls, script);
    expect(viaV1.results.map((r) => JSON.stringify(r))).toContain(
      JSON.stringify({ content: [{ type: 'text', text: 'Deleted note 1.' }] }),
    );
    for (const era of ['2025', '2026'] as const) {
      elicits = 0;
      expect(await runOverStdio(migrated, era, calls, script), era).toEqual(viaV1);
    }
  });

  // With --no-v1-to-v2 (v1 files left to review, package.json alone), v1 CommonJS code left on v1 with its zod, and
  // zod raised for a v2 import alone: fixtures `v1-to-v2-cli/review-notes-mini-without-v1-step`,
  // `review-commonjs-left-on-v1`, `review-zod-raised-without-zod-import`.
  it("reports the official codemod's @mcp-codemod-error markers as review items, and keeps the v1 package while a file imports it", () => {
    const dir = tempTree({
      'package.json':
        JSON.stringify(
          { name: 'x', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', zod: '^4.2.0' } },
          null,
          2,
        ) + '\n',
      'src/server.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const server = new McpServer({ name: 'x', version: '1.0.0' });\n",
      'src/odd.ts':
        "import { something } from '@modelcontextprotocol/sdk/no/such/path.js';\nexport const odd = something;\n",
    });
    const dry = run(['--dry-run', '--report', 'json', '--fail-on', 'review', dir]);
    expect(dry.code).toBe(1);
    const report = JSON.parse(dry.stdout) as Report;
    expect(new Ajv({ strict: false }).validate(SCHEMA, report)).toBe(true);
    expect(
      report.findings
        ?.filter((f) => f.decision === 'review')
        .map((f) => `${f.file}:${f.line} ${f.transform}/${f.reason}`),
    ).toEqual(['src/odd.ts:1 v1-to-v2/codemod-error-marker']);
    expect(run(['--quiet', dir]).code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'src/odd.ts'), 'utf8')).toMatch(
      /^\/\* @mcp-codemod-error .*\*\/\nimport \{ something \} from '@modelcontextprotocol\/sdk\/no\/such\/path\.js';/,
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies).toEqual({
      '@modelcontextprotocol/sdk': '^1.32.2',
      '@modelcontextprotocol/server': '^2.4.0',
      zod: '^4.2.0',
    });
    // The marker is still work left: the next run lists it again and changes nothing.
    const second = run(['--dry-run', '--report', 'json', dir]);
    const again = JSON.parse(second.stdout) as Report;
    expect(again.findings?.map((f) => `${f.file}:${f.line} ${f.reason}`)).toEqual([
      'src/odd.ts:1 codemod-error-marker',
    ]);
    expect(again.files.filter((f) => f.status !== 'unchanged')).toEqual([]);
  });
});
