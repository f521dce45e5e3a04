import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { auditWithTexts } from '../api/index.js';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { FIXTURES_ROOT, readTree, REPO_ROOT } from './support/fixtures.js';
import { strictDiagnostics } from './support/typecheck.js';
import { confirmOnceScript, copyOf, expectTree, removeTemps, run, tempTree } from './support/v1-to-v2.js';

afterEach(removeTemps);

let elicits = 0;
// The first confirmation is accepted (the note goes), the next declined.
const script = confirmOnceScript(() => elicits++);

// A module-level server with its registrations in the same module, served over stdio: wrapped into a factory.
describe('v1 module-level server served over stdio', () => {
  const MODULE = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'module-server');
  const MODULE_INPUT = path.join(MODULE, 'input');
  const MODULE_EXPECTED = path.join(MODULE, 'expected');
  const greetCalls: Call[] = [
    { kind: 'tool', name: 'greet', args: { name: 'Ada' } },
    { kind: 'tool', name: 'greet', args: { name: 'Bob' } },
  ];

  it('is wrapped into build() and served by serveStdio(() => build()); a second run changes nothing', () => {
    const dir = copyOf(MODULE_INPUT);
    const first = run(['--report', 'json', dir]);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    expect(report.sites.map((s) => `${s.file}:${s.line} ${s.decision}`)).toEqual(['src/index.ts:10 rewritten']);
    expect(report.findings?.map((f) => `${f.file} ${f.reason}`)).toContain('src/index.ts served-by-serve-stdio');
    const output = readTree(dir);
    expectTree(output, MODULE_EXPECTED);
    expect(output['src/index.ts']).toMatch(/^function build\(\): McpServer \{$/m);
    expect(output['src/index.ts']).toMatch(/^serveStdio\(\(\) => build\(\)\);$/m);
    const again = run(['--report', 'json', dir]);
    expect((JSON.parse(again.stdout) as Report).files.filter((f) => f.status !== 'unchanged')).toEqual([]);
  });

  it('compiles under strict TypeScript (NodeNext)', () => {
    expect(strictDiagnostics([path.join(MODULE_EXPECTED, 'src', 'index.ts')], REPO_ROOT)).toEqual([]);
  });

  it('answers as the v1 original over stdio, as real child processes, in both eras', async () => {
    const original = path.join(compileTree(MODULE_INPUT), 'src', 'index.js');
    const migrated = path.join(compileTree(MODULE_EXPECTED), 'src', 'index.js');
    elicits = 0;
    const viaV1 = await runOverStdio(original, 'v1', greetCalls, script);
    expect(viaV1.results.map((r) => JSON.stringify(r))).toEqual([
      JSON.stringify({ content: [{ type: 'text', text: 'Hello, Ada!' }] }),
      JSON.stringify({ content: [{ type: 'text', text: 'Not greeted.' }] }),
    ]);
    for (const era of ['2025', '2026'] as const) {
      elicits = 0;
      expect(await runOverStdio(migrated, era, greetCalls, script), era).toEqual(viaV1);
    }
  });

  it("a stdio transport held in a function's own variable is a review item (its declaration would outlive the connect), not a silent miss", async () => {
    const dir = tempTree({
      'package.json':
        JSON.stringify(
          { name: 'x', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } },
          null,
          2,
        ) + '\n',
      'src/index.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
        'function build() {',
        "  return new McpServer({ name: 'x', version: '1.0.0' });",
        '}',
        'async function main() {',
        '  const transport = new StdioServerTransport();',
        '  await build().connect(transport);',
        '}',
        'await main();',
        '',
      ].join('\n'),
    });
    const { report, texts } = await auditWithTexts({ paths: [dir], v1ToV2: true });
    const review = (report.findings ?? []).filter((f) => f.decision === 'review');
    expect(review.map((f) => `${f.file}:${f.line} ${f.reason}`)).toEqual(['src/index.ts:10 serving-2025-only']);
    expect(review[0]!.message).toContain('serveStdio(() => build())');
    expect(texts.get(path.join(dir, 'src', 'index.ts'))?.after.split('\n')[8]).toMatch(
      /^  \/\* @mcp-mrtr-review serving-2025-only: /,
    );
  });

  it('an exported module-level server is not wrapped: a review item with the advice', () => {
    const dir = tempTree({
      'package.json':
        JSON.stringify(
          { name: 'x', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } },
          null,
          2,
        ) + '\n',
      'src/index.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
        "export const server = new McpServer({ name: 'x', version: '1.0.0' });",
        "server.registerTool('ping', {}, async () => ({ content: [] }));",
        'await server.connect(new StdioServerTransport());',
        '',
      ].join('\n'),
    });
    const { stdout } = run(['--dry-run', '--report', 'json', dir]);
    const findings = (JSON.parse(stdout) as Report).findings ?? [];
    const review = findings.filter((f) => f.decision === 'review');
    // The marker goes above the connect (line 6 of the official codemod's output), so the connect is on line 7.
    expect(review.map((f) => `${f.file}:${f.line} ${f.transform}/${f.reason}`)).toEqual([
      'src/index.ts:7 v1-to-v2/serving-2025-only',
    ]);
    expect(review[0]!.message).toContain('serveStdio(() => build())');
  });
});
