/**
 * Work the analysis must not do (the benchmark's large trees): a `request(...)` that sends no push-style method is not worth proving its
 * receiver (that proof follows the function to its callers, parsing their files); and the exact lookup of the
 * identifier at an offset, which halves a node list instead of walking it, agrees with a full walk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audit } from '../api/index.js';
import { AnalysisProject } from '../lib/project.js';
import { ts } from '../lib/tsMorph.cjs';
import { identifierAt } from '../transforms/mrtr/analyse/symbols.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-work-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('receiver proofs', () => {
  // A wallet helper beside an MCP server: its `request` calls send JSON-RPC methods of its own.
  const files = (method: string) => ({
    'server.ts': [
      "import { McpServer } from '@modelcontextprotocol/server';",
      "import { pay } from './wallet.js';",
      "export const server = new McpServer({ name: 'n', version: '1' });",
      'export const paid = pay;',
      '',
    ].join('\n'),
    // `createMessage` in a comment passes the prefilter: the file is a candidate.
    'wallet.ts': [
      '// never createMessage',
      `export function pay(provider: any) { return provider.request({ method: '${method}' }); }`,
      '',
    ].join('\n'),
    'checkout.ts': "import { pay } from './wallet.js';\nexport const done = pay({});\n",
  });

  it("reads what a request(...) sends before proving its receiver: a wallet's request parses no caller", async () => {
    const report = await audit({ paths: [tree(files('eth_sendTransaction'))], typecheck: false });
    expect(report.sites).toEqual([]);
    expect(report.totals.filesParsed).toBe(1);
  });

  it('still proves the receiver of a request that sends a push-style method, through its callers', async () => {
    const report = await audit({ paths: [tree(files('elicitation/create'))], typecheck: false });
    // Not proven the SDK's (a wallet's `any`), but MCP's own method name: a review item, never a rewrite.
    expect(report.sites.map((s) => `${s.file}:${s.line} ${s.decision} ${s.reason}`)).toEqual([
      'wallet.ts:2 review unproven-receiver',
    ]);
    expect(report.totals.filesParsed).toBeGreaterThan(1);
  });
});

describe('identifierAt', () => {
  it('finds every identifier at its start, and nothing between tokens, in long node lists', () => {
    const statements = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? `/** doc ${i} */ export function f${i}(a${i}: number, ...rest: string[]) { return g(a${i}, [x${i}, y${i}], { k${i}: a${i} }); }`
        : i % 3 === 1
          ? `const v${i} = call(${Array.from({ length: 20 }, (_, j) => `p${i}_${j}`).join(', ')});`
          : `class C${i} { m${i}() { return this.m${i}; } #q${i} = 1; }`,
    );
    // Statements with no trivia between them: an identifier starts where the statement before ends.
    const abutting = Array.from({ length: 200 }, (_, i) => `s${i};`).join('');
    const text = `${statements.join('\n')}\n${abutting}\n`;
    const project = new AnalysisProject('/virtual', [
      { absPath: '/virtual/a.ts', file: 'a.ts', text, bytes: text.length },
    ]);
    const sourceFile = project.load('/virtual/a.ts')!;
    const starts = new Map<number, ts.Node>();
    const walk = (node: ts.Node): void => {
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node))
        starts.set(node.getStart(sourceFile.compilerNode), node);
      ts.forEachChild(node, walk);
    };
    walk(sourceFile.compilerNode);
    expect(starts.size).toBeGreaterThan(3000);
    for (let offset = 0; offset < text.length; offset++) {
      const found = identifierAt(sourceFile, offset);
      expect(found?.compilerNode, `offset ${offset}`).toBe(starts.get(offset));
    }
  });
});
