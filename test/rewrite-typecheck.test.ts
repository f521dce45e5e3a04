import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverFixtures } from './support/fixtures.js';
import { strictDiagnostics } from './support/typecheck.js';

/** Every migrated output of a rewrite fixture, as its user would compile it: strict, NodeNext, against the real v2 SDK. */
function rewriteOutputs(): string[] {
  const files: string[] = [];
  for (const fixture of discoverFixtures().filter((f) => f.decision === 'rewrite')) {
    if (fixture.isFolder) {
      const out = path.join(path.dirname(fixture.inputPath), 'output');
      if (fs.existsSync(out)) files.push(...fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).map((f) => path.join(out, f)).filter((f) => /\.(ts|mts|cts)$/.test(f)));
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
