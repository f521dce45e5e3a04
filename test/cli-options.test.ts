// Options checked before any work: --output and --patch must name a file in an existing, writable folder,
// never a file of the target; a tsconfig that fails to load is a usage error. Each: exit 2, one line naming the path,
// no stack trace, nothing written.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/fixtures.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const temps: string[] = [];

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const TOOL_WITH_ASK = `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1.0.0' });
server.registerTool('ask', {}, async (_args, ctx) => {
  const answer = await ctx.mcpReq.elicitInput({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } });
  return { content: [{ type: 'text', text: answer.action }] };
});
`;

function tree(files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-options-'));
  temps.push(dir);
  for (const [name, text] of Object.entries({ 'src/tools.ts': TOOL_WITH_ASK, ...files })) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function expectUsageError(result: ReturnType<typeof run>, names: string) {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toContain(names);
  expect(result.stderr).not.toContain('internal error');
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
}

describe('--output and --patch', () => {
  it('--output into a folder that does not exist: exit 2 before the migration writes anything', () => {
    const dir = tree();
    const result = run(['--allow-dirty', '--output', 'missing/report.txt', '.'], dir);
    expectUsageError(result, 'missing');
    expect(fs.readFileSync(path.join(dir, 'src/tools.ts'), 'utf8')).toBe(TOOL_WITH_ASK);
    expect(fs.readdirSync(path.join(dir, 'src'))).toEqual(['tools.ts']);
  });

  it('--output into a folder that does not exist, in an audit', () => {
    expectUsageError(run(['--dry-run', '--output', 'missing/report.json', '.'], tree()), 'missing');
  });

  it('--patch into a folder that does not exist', () => {
    expectUsageError(run(['--dry-run', '--patch', 'missing/x.patch', '.'], tree()), 'missing');
  });

  it('--output naming a source of the target never overwrites it', () => {
    const dir = tree();
    expectUsageError(run(['--dry-run', '--output', 'src/tools.ts', '.'], dir), 'src/tools.ts');
    expect(fs.readFileSync(path.join(dir, 'src/tools.ts'), 'utf8')).toBe(TOOL_WITH_ASK);
  });

  it('--patch naming the target package.json never overwrites it', () => {
    const dir = tree({ 'package.json': '{}\n' });
    expectUsageError(run(['--dry-run', '--patch', 'package.json', '.'], dir), 'package.json');
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe('{}\n');
  });

  it('--output naming a folder', () => {
    expectUsageError(run(['--dry-run', '--output', 'src', '.'], tree()), 'src');
  });

  it('a report file in the target folder that is not a source is fine', () => {
    const dir = tree();
    const result = run(['--dry-run', '--output', 'report.md', '--report', 'markdown', '.'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'report.md'), 'utf8')).toContain('MRTR migration audit');
  });
});

describe('a tsconfig that fails to load', () => {
  const cases: Array<[string, string]> = [
    ['invalid JSON', '{ "compilerOptions": { "strict": true '],
    ['an extends that is not found', '{ "extends": "./base.json" }'],
    ['an invalid compiler option value', '{ "compilerOptions": { "module": "commonjs2" } }'],
    ['an unknown compiler option', '{ "compilerOptions": { "strictt": true } }'],
  ];
  for (const [name, text] of cases) {
    it(`the root tsconfig.json with ${name}: exit 2 naming the file`, () => {
      const dir = tree({ 'tsconfig.json': text });
      expectUsageError(run(['--dry-run', '.'], dir), path.join(dir, 'tsconfig.json'));
    });
    it(`--tsconfig with ${name}: exit 2 naming the file`, () => {
      const dir = tree({ 'config/tsconfig.app.json': text });
      expectUsageError(run(['--dry-run', '--tsconfig', 'config/tsconfig.app.json', '.'], dir), 'tsconfig.app.json');
    });
  }

  it('the migration stops before writing anything', () => {
    const dir = tree({ 'tsconfig.json': '{ "extends": "./base.json" }' });
    expectUsageError(run(['--allow-dirty', '.'], dir), 'tsconfig.json');
    expect(fs.readdirSync(path.join(dir, 'src'))).toEqual(['tools.ts']);
    expect(fs.readFileSync(path.join(dir, 'src/tools.ts'), 'utf8')).toBe(TOOL_WITH_ASK);
  });

  it('an extends of a package is not an error when the dependencies are not installed (a fresh clone)', () => {
    const dir = tree({ 'tsconfig.json': '{ "extends": "@tsconfig/node20/tsconfig.json" }' });
    const result = run(['--dry-run', '.'], dir);
    expect(result.code, result.stderr).toBe(0);
  });

  it('an extends that is found, and valid options, load as before', () => {
    const dir = tree({
      'tsconfig.json': '{ "extends": "./base.json", "include": ["src"] }',
      'base.json': '{ "compilerOptions": { "strict": true, "module": "nodenext" } }',
    });
    expect(run(['--dry-run', '.'], dir).code).toBe(0);
  });
});
