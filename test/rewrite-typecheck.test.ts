import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, discoverFixtures, expectedOutputs, readTree } from './support/fixtures.js';
import { strictDiagnostics } from './support/typecheck.js';

/** Every migrated output of a rewrite fixture, as its user would compile it: strict, NodeNext, against the real v2 SDK. */
function rewriteOutputs(): string[] {
  const files: string[] = [];
  for (const fixture of discoverFixtures().filter((f) => f.decision === 'rewrite')) {
    if (fixture.isFolder) {
      // The whole migrated tree (unchanged inputs included: a changed file may import them), under node_modules/.cache
      // so that the SDK resolves from it.
      const tree = expectedOutputs(fixture, readTree(fixture.inputPath));
      const out = path.join(REPO_ROOT, 'node_modules', '.cache', 'mrtr-typecheck', fixture.name);
      fs.rmSync(out, { recursive: true, force: true });
      for (const [name, text] of Object.entries(tree)) {
        fs.mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
        fs.writeFileSync(path.join(out, name), text);
      }
      files.push(
        ...Object.keys(tree)
          .filter((f) => /\.(ts|mts|cts)$/.test(f))
          .map((f) => path.join(out, f)),
      );
    } else {
      const out = fixture.inputPath.replace('.input.', '.output.');
      if (/\.(ts|mts|cts)$/.test(out) && fs.existsSync(out)) files.push(out);
    }
  }
  return files;
}

/** The strictness options a folder fixture's own tsconfig.json sets (`noUnusedParameters`, `noUnusedLocals`). */
function ownStrictness(fixtureInput: string): ts.CompilerOptions {
  const file = path.join(fixtureInput, 'tsconfig.json');
  if (!fs.existsSync(file)) return {};
  const { compilerOptions = {} } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    compilerOptions?: ts.CompilerOptions;
  };
  return { noUnusedParameters: compilerOptions.noUnusedParameters, noUnusedLocals: compilerOptions.noUnusedLocals };
}

describe('rewrite outputs type-check', () => {
  it('compile under strict TypeScript against @modelcontextprotocol/server 2.4', () => {
    const files = rewriteOutputs();
    expect(files.length).toBeGreaterThan(3);
    const diagnostics = strictDiagnostics(files, process.cwd());
    expect(diagnostics).toEqual([]);
  });

  it("compile under the project's own noUnusedParameters and noUnusedLocals: a parameter only the asks read is renamed", () => {
    const strict = discoverFixtures().filter(
      (f) => f.decision === 'rewrite' && f.isFolder && ownStrictness(f.inputPath).noUnusedParameters,
    );
    expect(strict.map((f) => f.name)).toContain('rewrite-replay-no-unused-parameters');
    for (const fixture of strict) {
      const files = rewriteOutputs().filter((f) => f.includes(`${path.sep}${fixture.name}${path.sep}`));
      expect(strictDiagnostics(files, process.cwd(), ownStrictness(fixture.inputPath)), fixture.name).toEqual([]);
    }
  });

  it('ask.request takes what server.request took: a method typed string, any result schema', async () => {
    const { replayRuntimeSource } = await import('../transforms/mrtr/replay/replayRuntime.js');
    const out = path.join(REPO_ROOT, 'node_modules', '.cache', 'mrtr-typecheck', 'ask-request');
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'mcp-mrtr-runtime.ts'), replayRuntimeSource({ typescript: true, module: 'esm' }));
    fs.writeFileSync(
      path.join(out, 'use.ts'),
      [
        "import * as z from 'zod/v4';",
        "import { ask } from './mcp-mrtr-runtime.js';",
        '',
        "const method: string = 'elicitation/create';",
        'export const viaString = (params: Record<string, unknown>) => ask.request({ method, params }, z.any());',
        "export const viaLiteral = () => ask.request({ method: 'roots/list' }, z.object({ roots: z.array(z.unknown()) }));",
        "export const withoutSchema = () => ask.request({ method: 'roots/list' });",
        '',
      ].join('\n'),
    );
    expect(strictDiagnostics([path.join(out, 'use.ts')], process.cwd())).toEqual([]);
    // A project whose lib predates WeakRef and FinalizationRegistry (ES2021) compiles the runtime too.
    const es2020 = { target: ts.ScriptTarget.ES2020, lib: ['lib.es2020.d.ts'] };
    expect(strictDiagnostics([path.join(out, 'use.ts')], process.cwd(), es2020)).toEqual([]);
    // One that targets ES2017 (no regular expression flag `s`, TS1501) too.
    const es2017 = { target: ts.ScriptTarget.ES2017, lib: ['lib.es2020.d.ts'] };
    expect(strictDiagnostics([path.join(out, 'use.ts')], process.cwd(), es2017)).toEqual([]);
  });
});
