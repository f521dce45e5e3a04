import fs from 'node:fs';
import path from 'node:path';
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

describe('rewrite outputs type-check', () => {
  it('compile under strict TypeScript against @modelcontextprotocol/server 2.4', () => {
    const files = rewriteOutputs();
    expect(files.length).toBeGreaterThan(3);
    const diagnostics = strictDiagnostics(files, process.cwd());
    expect(diagnostics).toEqual([]);
  });
});
