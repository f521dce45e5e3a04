import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../api/index.js';
import { CONTEXT_MEMBERS } from '../transforms/v1-to-v2/contextMembers.js';
import { mapContextMembers } from '../transforms/v1-to-v2/mapContextMembers.js';
import { restoreImports } from '../transforms/v1-to-v2/restoreImports.js';
import { rewriteZodToJsonSchema } from '../transforms/v1-to-v2/rewriteZodToJsonSchema.js';
import { V2_HOMES } from '../transforms/v1-to-v2/v2Homes.js';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { FIXTURES_ROOT, materializedTree, readTree, REPO_ROOT } from './support/fixtures.js';
import { strictDiagnostics } from './support/typecheck.js';
import {
  confirmOnceScript,
  copyOf,
  expectTree,
  removeTemps,
  strictDiagnosticsOfTree,
  temps,
} from './support/v1-to-v2.js';

// The v1 step's known breakages (issue 18), each repaired on the official codemod's output: an import it removes
// while the code still uses it (`InMemoryTaskStore`: ReferenceError at load), a handler context not named `extra`
// whose v1 members it leaves (`context.sendRequest is not a function`, and the ask unseen by MRTR), and tools listed
// through zod-to-json-schema under the zod it raises to 4 (a tools/list clients reject).
const CASE = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'repairs');
const INPUT = path.join(CASE, 'input');
const EXPECTED = path.join(CASE, 'expected');

afterEach(removeTemps);

const calls: Call[] = [
  { kind: 'tools' },
  { kind: 'tool', name: 'delete_note', args: { id: '1' } },
  { kind: 'tool', name: 'count_tasks' },
  { kind: 'tool', name: 'delete_note', args: { id: '1' } },
];
let elicits = 0;
const script = confirmOnceScript(() => elicits++);

/**
 * The compiled original as its own install had it: zod 3 (this repository has zod 4 only, whose `zod/v3` is the zod 3
 * API), every other package from this repository's node_modules.
 */
function withZod3(compiled: string): string {
  const dir = fs.mkdtempSync(path.join(path.dirname(compiled), `${path.basename(compiled)}-zod3-`));
  temps.push(dir);
  fs.cpSync(compiled, dir, { recursive: true, verbatimSymlinks: true });
  const modules = path.join(dir, 'node_modules');
  fs.rmSync(modules, { recursive: true, force: true });
  fs.mkdirSync(modules);
  const repoModules = path.join(REPO_ROOT, 'node_modules');
  for (const name of fs.readdirSync(repoModules))
    if (name !== 'zod' && name !== '.bin')
      fs.symlinkSync(path.join(repoModules, name), path.join(modules, name), 'dir');
  const zod = path.join(modules, 'zod');
  fs.mkdirSync(zod);
  fs.writeFileSync(
    path.join(zod, 'package.json'),
    JSON.stringify({ name: 'zod', version: '3.25.76', type: 'module', exports: './index.js' }),
  );
  const v3 = path.join(repoModules, 'zod', 'v3', 'index.js');
  fs.writeFileSync(path.join(zod, 'index.js'), `export * from ${JSON.stringify(v3)};\n`);
  return dir;
}

describe('v1 step repairs (issue 18)', () => {
  it('migrates to the expected tree: the import back, the context mapped (its ask then rewritten), tools listed with zod 4', async () => {
    const dir = copyOf(INPUT);
    const report = await migrate({ paths: [dir], v1ToV2: true, strategy: 'auto' });
    expect(report.files.filter((f) => f.status === 'error')).toEqual([]);
    expect(report.sites.map((s) => `${s.file}:${s.form} ${s.decision}`)).toEqual([
      'src/server.ts:ctx.mcpReq.send rewritten',
    ]);
    const repairs = report.findings
      .filter((f) => /^(import|context|zod-to)/.test(f.reason))
      .map((f) => `${f.file}:${f.line} ${f.reason}`);
    expect(repairs).toEqual([
      'src/server.ts:16 import-kept-on-v1',
      'src/server.ts:29 zod-to-json-schema-rewritten',
      'src/server.ts:34 zod-to-json-schema-rewritten',
      'src/server.ts:45 context-member-mapped',
    ]);
    expectTree(readTree(dir), EXPECTED);
    const again = await migrate({ paths: [dir], v1ToV2: true, strategy: 'auto' });
    expect(again.files.filter((f) => f.status !== 'unchanged')).toEqual([]);
  });

  it('compiles under strict TypeScript (NodeNext)', () => {
    expect(strictDiagnosticsOfTree(materializedTree(EXPECTED))).toEqual([]);
  });

  it('answers as the v1 original on zod 3 over stdio: tools/list (input schemas), the ask, the restored task store', async () => {
    const original = path.join(withZod3(compileTree(INPUT)), 'src', 'index.js');
    const migrated = path.join(compileTree(materializedTree(EXPECTED)), 'src', 'index.js');
    elicits = 0;
    const viaV1 = await runOverStdio(original, 'v1', calls, script);
    const listed = viaV1.results[0] as { tools: Array<{ name: string; inputSchema: { type?: string } }> };
    expect(listed.tools.map((t) => `${t.name} ${t.inputSchema.type}`)).toEqual([
      'delete_note object',
      'count_tasks object',
    ]);
    expect(viaV1.questions.map((q) => q.method)).toEqual(['elicitation/create']);
    for (const era of ['2025', '2026'] as const) {
      elicits = 0;
      expect(await runOverStdio(migrated, era, calls, script), era).toEqual(viaV1);
    }
  });
});
