// The end-to-end mode's own logic (realworld/e2e/), which `npm run realworld:e2e` runs on installed repositories:
// which type errors are new, which our report lists, where an unlisted one comes from, and the arguments and
// answers it makes from a JSON Schema. The mode itself needs the network and is not run here.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the real-world scripts are plain JavaScript without declarations
import { compareErrors } from '../realworld/e2e/errors.mjs';
// @ts-expect-error: as above
import { sampleOf } from '../realworld/e2e/serve.mjs';
// @ts-expect-error: as above
import { findingsOf, summaryLine } from '../realworld/e2e/table.mjs';
// @ts-expect-error: as above
import { catalogsOf, makeStandalone } from '../realworld/e2e/standalone.mjs';

interface TscError {
  file: string;
  line: number;
  code: string;
  message: string;
  head?: string;
}
interface Compared {
  errors: Array<TscError & { listed: boolean; origin?: string }>;
  reportOnly: number;
  fixed: number;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-e2e-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Three copies of one file (`src/a.ts` under pkg/): the original, the official codemod's, the migrated. */
function trees(original: string, official: string, migrated: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries({ pristine: original, official, migrated })) {
    const dir = fs.mkdtempSync(path.join(tmp, `${name}-`));
    fs.mkdirSync(path.join(dir, 'pkg', 'src'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'pkg', 'src', 'a.ts'), text);
    out[name] = dir;
  }
  return out;
}

const ran = (errors: TscError[]) => ({ ran: true, errors });
const err = (line: number, code: string, message: string, head = message): TscError => ({
  file: 'pkg/src/a.ts',
  line,
  code,
  message,
  head,
});

describe('compareErrors', () => {
  const original = ['const a = 1;', 'server.tool("x", cb);', 'z.record(v);', ''].join('\n');
  const official = ['const a = 1;', 'server.registerTool("x", {}, cb);', 'z.record(v);', ''].join('\n');
  const migrated = [
    'import { x } from "y";',
    'const a = 1;',
    'server.registerTool("x", {}, cb);',
    'z.record(v);',
    'const t = new StdioServerTransport();',
    'return { inputRequired: ask };',
    '',
  ].join('\n');
  const dirs = trees(original, official, migrated);
  const report = (findings: Array<{ file: string; message: string }>) => ({
    findings: findings.map((f) => ({ ...f, reason: 'post-migration-type-error' })),
  });

  it('counts an error present before as old even when its line moved', () => {
    const before = ran([err(1, 'TS1', 'same message')]);
    const after = ran([err(2, 'TS1', 'same message')]);
    const result = compareErrors(before, after, { report: report([]), root: 'pkg', ...dirs }) as Compared;
    expect(result.errors).toEqual([]);
  });

  it('puts each unlisted new error down to the change on its line', () => {
    const after = ran([
      err(3, 'TS2769', 'v1 step line'),
      err(4, 'TS2554', 'unchanged line'),
      err(5, 'TS2345', 'serving line'),
      err(6, 'TS2322', 'mrtr line'),
    ]);
    const result = compareErrors(ran([]), after, { report: report([]), root: 'pkg', ...dirs }) as Compared;
    expect(result.errors.map((e) => [e.line, e.listed, e.origin])).toEqual([
      [3, false, 'v1 step'],
      [4, false, 'dependency ranges'],
      [5, false, 'serving'],
      [6, false, 'MRTR rewrite'],
    ]);
  });

  it('matches a listed error by its head line though the report flattens the chain, and counts report-only ones', () => {
    const chained = err(
      3,
      'TS2769',
      'No overload matches this call. Overload 1 of 2 ...',
      'No overload matches this call.',
    );
    const findings = [
      {
        file: 'src/a.ts',
        message: 'TS2769: No overload matches this call.   Overload 1 of 2 ... (from the v1-to-v2 step)',
      },
      { file: 'src/a.ts', message: "TS7006: Parameter 'args' implicitly has an 'any' type. (from the MRTR rewrite)" },
    ];
    const result = compareErrors(ran([]), ran([chained]), {
      report: report(findings),
      root: 'pkg',
      ...dirs,
    }) as Compared;
    expect(result.errors.map((e) => [e.code, e.listed])).toEqual([['TS2769', true]]);
    expect(result.reportOnly).toBe(1);
  });
});

describe('sampleOf', () => {
  it('fills the required properties only, with values their schema accepts', () => {
    const schema = {
      type: 'object',
      required: ['name', 'count', 'mode', 'email', 'tags', 'nested'],
      properties: {
        name: { type: 'string' },
        count: { type: 'integer', minimum: 3 },
        mode: { type: 'string', enum: ['fast', 'slow'] },
        email: { type: 'string', format: 'email' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
        nested: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } },
        optional: { type: 'string' },
      },
    };
    expect(sampleOf(schema)).toEqual({
      name: 'e2e',
      count: 3,
      mode: 'fast',
      email: 'e2e@example.com',
      tags: ['e2e'],
      nested: { ok: true },
    });
  });
});

describe('the reviewed tool of a target', () => {
  const served = (classes: Record<string, string>) => ({
    started: true,
    era: '2025-11-25',
    tools: Object.keys(classes).sort(),
    calls: Object.entries(classes).map(([name, cls]) => ({ name, class: cls, asked: [] })),
  });
  const row = (original: Record<string, string>, migrated: Record<string, string>) => ({
    repo: 'owner/name',
    root: '.',
    sdk: 'v2',
    status: 'measured',
    rewrittenTools: [],
    reviewedTools: ['confirm_delete'],
    serve: { original: { '2025': served(original) }, migrated: { '2025': served(migrated) } },
  });

  it('answers in the 2025 era when the migrated server gives the original result class', () => {
    const rows = [row({ confirm_delete: 'ok' }, { confirm_delete: 'ok' })];
    expect(summaryLine(rows)).toContain('reviewed answering in 2025 1/1');
    expect(findingsOf(rows)).not.toContain('reviewed tool');
  });

  it('counts a tool that neither server lists (another server of the package) neither way, and says so apart', () => {
    const rows = [row({ confirm_delete: 'not listed' }, { confirm_delete: 'not listed' })];
    expect(summaryLine(rows)).toContain('reviewed answering in 2025 0/0');
    expect(findingsOf(rows)).toContain(
      'owner/name: not served by the entry (another server of the package): confirm_delete',
    );
    // Listed before and gone after is the migration's doing.
    const gone = [row({ confirm_delete: 'ok' }, { confirm_delete: 'not listed' })];
    expect(summaryLine(gone)).toContain('reviewed answering in 2025 0/1');
  });

  it('does not when the migration broke it, and says how', () => {
    const rows = [row({ confirm_delete: 'ok' }, { confirm_delete: 'error -32603' })];
    expect(summaryLine(rows)).toContain('reviewed answering in 2025 0/1');
    expect(findingsOf(rows)).toContain(
      'owner/name: reviewed tool confirm_delete: original ok, migrated 2025 error -32603',
    );
  });
});

describe('a monorepo package made standalone before its install', () => {
  it('takes catalog ranges from pnpm-workspace.yaml, links private packages, leaves out absent dev dependencies', () => {
    const repo = fs.mkdtempSync(path.join(tmp, 'mono-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
      fs.writeFileSync(path.join(repo, file), text);
    };
    write(
      'pnpm-workspace.yaml',
      "packages:\n  - packages/*\ncatalog:\n  zod: ^4.2.0 # default\ncatalogs:\n  devTools:\n    '@types/node': ^22.0.0\n    tsx: ^4.16.5\n",
    );
    write('packages/server/package.json', JSON.stringify({ name: '@acme/server', version: '2.1.0' }));
    write(
      'packages/shared/package.json',
      JSON.stringify({ name: '@acme/shared', version: '0.0.0', private: true, dependencies: { zod: 'catalog:' } }),
    );
    write(
      'examples/package.json',
      JSON.stringify({
        name: 'examples',
        dependencies: { '@acme/server': 'workspace:^', '@acme/shared': 'workspace:*', zod: 'catalog:' },
        devDependencies: { tsx: 'catalog:devTools', '@acme/gone': 'workspace:*', vitest: 'catalog:devTools' },
      }),
    );
    expect(catalogsOf(path.join(repo, 'pnpm-workspace.yaml')).get('devTools').get('@types/node')).toBe('^22.0.0');
    const notes = makeStandalone(repo, 'examples') as string[];
    const manifest = JSON.parse(fs.readFileSync(path.join(repo, 'examples', 'package.json'), 'utf8'));
    expect(manifest.dependencies).toEqual({
      '@acme/server': '^2.1.0',
      '@acme/shared': 'file:../packages/shared',
      zod: '^4.2.0',
    });
    expect(manifest.devDependencies).toEqual({ tsx: '^4.16.5' });
    const shared = JSON.parse(fs.readFileSync(path.join(repo, 'packages', 'shared', 'package.json'), 'utf8'));
    expect(shared.dependencies).toEqual({ zod: '^4.2.0' });
    expect(notes).toEqual([
      'examples/package.json: devDependencies @acme/gone (workspace:*) left out: not in this snapshot or its catalogs',
      'examples/package.json: devDependencies vitest (catalog:devTools) left out: not in this snapshot or its catalogs',
    ]);
    // A package with nothing of a workspace's is left as it is.
    expect(makeStandalone(repo, 'packages/server')).toEqual([]);
  });
});
