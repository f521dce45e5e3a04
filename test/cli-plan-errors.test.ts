import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { REPO_ROOT, readTree } from './support/fixtures.js';

// A file whose planning throws is that file's error, never the run's: its status is `error` (`plan-error`) with a
// message naming it, it is left as it was, the other files are planned and changed as without it, the run exits 1,
// and nothing prints a stack. The test hooks of lib/planFailure.ts make one file's planning throw: in the v1 step
// (the official codemod's output repaired in its worker) and in the MRTR planner (a handler group of its ask).
const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-plan-errors-'));
  temps.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** A run of the CLI with `env` added: its exit code, stderr, and its JSON report (with each changed file's diff). */
function run(dir: string, args: string[], env: Record<string, string> = {}) {
  const output = path.join(`${dir}.json`);
  temps.push(output);
  const result = spawnSync(process.execPath, [CLI, ...args, '--report', 'json', '--output', output, dir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const report = JSON.parse(fs.readFileSync(output, 'utf8')) as Report;
  const diffs = Object.fromEntries(report.files.filter((f) => f.diff).map((f) => [f.file, f.diff]));
  return { code: result.status, stderr: result.stderr, report, diffs };
}

const ASK = (name: string, receiver: string) =>
  `    const r = await ${receiver}.elicitInput({ message: 'Go on with ${name}?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });`;

const V1_TREE = {
  'package.json': '{ "name": "x", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.12.0" } }\n',
  'src/a.ts': [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    'export function registerA(server: McpServer) {',
    "  server.registerTool('a', {}, async () => {",
    ASK('a', 'server.server'),
    "    return { content: [{ type: 'text', text: r.action }] };",
    '  });',
    '}',
    '',
  ].join('\n'),
  'src/b.ts': [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
    "import { registerA } from './a.js';",
    'async function main() {',
    "  const server = new McpServer({ name: 'b', version: '1.0.0' });",
    '  registerA(server);',
    "  server.registerTool('b', {}, async () => {",
    ASK('b', 'server.server'),
    "    return { content: [{ type: 'text', text: r.action }] };",
    '  });',
    '  await server.connect(new StdioServerTransport());',
    '}',
    'main();',
    '',
  ].join('\n'),
};

const V2_TREE: Record<string, string> = {
  'package.json': '{ "name": "x", "type": "module", "dependencies": { "@modelcontextprotocol/server": "^2.4.0" } }\n',
  ...Object.fromEntries(
    ['a', 'b'].map((name) => [
      `src/${name}.ts`,
      [
        "import type { McpServer } from '@modelcontextprotocol/server';",
        `export function register${name.toUpperCase()}(server: McpServer) {`,
        `  server.registerTool('${name}', {}, async (ctx) => {`,
        ASK(name, 'ctx.mcpReq'),
        "    return { content: [{ type: 'text' as const, text: r.action }] };",
        '  });',
        '}',
        '',
      ].join('\n'),
    ]),
  ),
};

/** The failure is reported as the file's error, in one line, without a stack or an internal error. */
function expectFileError(result: ReturnType<typeof run>, step: string, filesWithErrors = 1): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
  const entry = result.report.files.find((f) => f.file === 'src/a.ts')!;
  expect(entry.status).toBe('error');
  expect(entry.problem).toEqual({
    kind: 'plan-error',
    message: `src/a.ts: ${step} failed on this file (test hook: planning src/a.ts throws); left unchanged`,
  });
  expect(result.report.totals.filesWithErrors).toBe(filesWithErrors);
}

describe('a file whose planning throws', () => {
  it('in the v1 step: that file is an error, left on v1, and so is the file that imports it; a run after it plans both', () => {
    const dir = tree(V1_TREE);
    const plain = run(dir, ['--dry-run', '--diff']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(Object.keys(plain.diffs).sort()).toEqual(['package.json', 'src/a.ts', 'src/b.ts']);
    const failing = run(dir, ['--dry-run', '--diff'], { MCP_MRTR_TEST_THROW_IN_V1_STEP: 'src/a.ts' });
    expectFileError(failing, 'the v1-to-v2 step', 2);
    // src/b.ts imports src/a.ts, left on v1: migrated alone, it would hand a v2 server to v1 code. Both stay on v1,
    // and so does package.json.
    expect(failing.report.files.find((f) => f.file === 'src/b.ts')?.problem?.message).toMatch(
      /^src\/b\.ts: not written: its change goes with src\/a\.ts's, which could not be made/,
    );
    expect(failing.diffs).toEqual({});

    const migrated = run(dir, [], { MCP_MRTR_TEST_THROW_IN_V1_STEP: 'src/a.ts' });
    expectFileError(migrated, 'the v1-to-v2 step', 2);
    expect(readTree(dir)).toEqual(V1_TREE);
    const rerun = run(dir, ['--dry-run', '--diff', '--allow-dirty']);
    expect(rerun.diffs).toEqual(plain.diffs);
  });

  it('in the MRTR planner: that file is an error, left as it was; the other handlers are planned as without it', () => {
    const dir = tree(V2_TREE);
    const plain = run(dir, ['--dry-run', '--diff']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(Object.keys(plain.diffs).sort()).toEqual(['src/a.ts', 'src/b.ts']);
    expect(plain.report.sites.map((s) => `${s.file} ${s.decision}`)).toEqual([
      'src/a.ts rewritten',
      'src/b.ts rewritten',
    ]);
    const failing = run(dir, ['--dry-run', '--diff'], { MCP_MRTR_TEST_THROW_IN_PLAN: 'src/a.ts' });
    expectFileError(failing, 'the MRTR planner');
    expect(failing.diffs).toEqual({ 'src/b.ts': plain.diffs['src/b.ts'] });
    expect(failing.report.sites.map((s) => `${s.file} ${s.decision}`)).toEqual(['src/b.ts rewritten']);

    const migrated = run(dir, [], { MCP_MRTR_TEST_THROW_IN_PLAN: 'src/a.ts' });
    expectFileError(migrated, 'the MRTR planner');
    expect(readTree(dir)['src/a.ts']).toBe(V2_TREE['src/a.ts']);
    expect(migrated.report.files.filter((f) => f.status === 'changed').map((f) => f.file)).toEqual(['src/b.ts']);
  });
});
