import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { REASONS } from '../transforms/mrtr/reasons.js';
import { REPO_ROOT, snapshotTree } from './support/fixtures.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const SCHEMA = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schema', 'report.schema.json'), 'utf8'));
const EXAMPLE = path.join(REPO_ROOT, 'examples', 'v1-notes-server');
const temps: string[] = [];

function run(args: string[], cwd = REPO_ROOT) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function tempTree(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-cli-'));
  temps.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const TOOL_WITH_ASK = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1.0.0' });
server.registerTool('ask', {}, async () => {
  const answer = await server.server.elicitInput({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } });
  return { content: [{ type: 'text', text: answer.action }] };
});
`;

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('cli', () => {
  it('prints its version', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    const { code, stdout } = run(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(pkg.version);
  });

  it('documents every flag in --help', () => {
    const { code, stdout } = run(['--help']);
    expect(code).toBe(0);
    for (const flag of [
      '--dry-run',
      '--diff',
      '--allow-dirty',
      '--prettier',
      '--report',
      '--output',
      '--include',
      '--exclude',
      '--tsconfig',
      '--verbose',
      '--quiet',
      '--version',
      '--help',
    ]) {
      expect(stdout).toContain(flag);
    }
  });

  it('exits 2 naming an unknown flag', () => {
    const { code, stderr } = run(['--frobnicate', '.']);
    expect(code).toBe(2);
    expect(stderr).toContain('--frobnicate');
  });

  it('exits 2 without a path', () => {
    const { code, stderr } = run([]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/missing path/);
  });

  it('exits 2 naming a path that does not exist', () => {
    const { code, stderr } = run(['--dry-run', 'no/such/dir']);
    expect(code).toBe(2);
    expect(stderr).toContain('no/such/dir');
  });

  it('exits 2 on an unknown report format', () => {
    const dir = tempTree({ 'a.ts': TOOL_WITH_ASK });
    const { code, stderr } = run(['--dry-run', '--report', 'xml', dir]);
    expect(code).toBe(2);
    expect(stderr).toContain('xml');
  });

  it('exits 2 on an empty directory instead of reporting success', () => {
    const dir = tempTree({});
    const { code, stderr } = run(['--dry-run', dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/no source files/);
  });

  it('exits 2 on a missing --tsconfig', () => {
    const dir = tempTree({ 'a.ts': TOOL_WITH_ASK });
    const { code, stderr } = run(['--dry-run', '--tsconfig', path.join(dir, 'nope.json'), dir]);
    expect(code).toBe(2);
    expect(stderr).toContain('nope.json');
  });

  it('audits the bundled example as JSON that validates against the documented schema', () => {
    const before = snapshotTree(EXAMPLE);
    const { code, stdout } = run(['--dry-run', '--report', 'json', EXAMPLE]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    const validate = new Ajv({ allErrors: true }).compile(SCHEMA);
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.schemaVersion).toBe(1);
    expect(report.wrote).toBe(false);
    expect(
      report.sites.map((s: { file: string; line: number; column: number }) => `${s.file}:${s.line}:${s.column}`),
    ).toEqual([
      'src/helpers/confirm.ts:12:26',
      'src/helpers/summarize.ts:17:7',
      'src/server.ts:29:31',
      'src/server.ts:36:3',
      'src/server.ts:37:26',
      'src/tools.ts:63:28',
    ]);
    expect(snapshotTree(EXAMPLE)).toEqual(before);
  });

  it('prints a text report grouped by file with totals and says nothing was written', () => {
    const dir = tempTree({ 'src/server.ts': TOOL_WITH_ASK, 'src/other.ts': 'export const x = 1;\n' });
    const { code, stdout } = run(['--dry-run', '--no-v1-to-v2', dir]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^src\/server\.ts\n {2}4:24 {2}elicitation {2}server\.elicitInput {2}\[tools\/call\] {2}review mrtr\/no-strategy-yet/m,
    );
    expect(stdout).toMatch(/1 push-style site \(1 elicitation, 0 sampling, 0 roots\) in 1 of 2 files/);
    expect(stdout).toMatch(/Nothing was written\./);
  });

  it('migrates outside git with a warning: review markers above each review site, once', () => {
    const dir = tempTree({ 'server.ts': TOOL_WITH_ASK });
    const { code, stderr } = run(['--no-v1-to-v2', dir]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/not inside a git repository/);
    const migrated = fs.readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const lines = migrated.split('\n');
    expect(lines[3]).toBe(
      '  /* @mcp-mrtr-review no-strategy-yet: ' +
        REASONS['no-strategy-yet'].message +
        ' (SDK v1 file: the v2 SDK is needed first) */',
    );
    expect(lines.filter((_, i) => i !== 3)).toEqual(TOOL_WITH_ASK.split('\n'));
    const second = run(['--no-v1-to-v2', dir]);
    expect(second.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'server.ts'), 'utf8')).toBe(migrated);
  });

  it('refuses to migrate a dirty git work tree, naming the dirty files, unless --allow-dirty', () => {
    const dir = tempTree({ 'server.ts': TOOL_WITH_ASK });
    const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'init');
    fs.writeFileSync(path.join(dir, 'notes.ts'), 'export const dirty = true;\n');
    const before = snapshotTree(dir);
    const refused = run([dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('notes.ts');
    expect(snapshotTree(dir)).toEqual(before);
    const forced = run(['--allow-dirty', '--no-v1-to-v2', dir]);
    expect(forced.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'server.ts'), 'utf8')).toContain('@mcp-mrtr-review no-strategy-yet');
  });

  it("never refuses the tree over the tool's own report written inside it (json, sarif, markdown)", () => {
    const dir = tempTree({ 'server.ts': TOOL_WITH_ASK });
    const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'init');
    // As the README's audit example does: the report redirected into the target, in each machine-readable format.
    for (const format of ['json', 'sarif', 'markdown']) {
      const audit = run(['--dry-run', '--no-v1-to-v2', '--report', format, dir]);
      expect(audit.code, format).toBe(0);
      fs.writeFileSync(path.join(dir, `mrtr-report.${format}`), audit.stdout);
    }
    // A file that merely mentions the tool is still a change of the user's.
    fs.writeFileSync(path.join(dir, 'notes.md'), '# Notes\n\nRun mcp-mrtr-codemod later.\n');
    const refused = run(['--no-v1-to-v2', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('notes.md');
    expect(refused.stderr).not.toContain('mrtr-report');
    fs.rmSync(path.join(dir, 'notes.md'));
    const migrated = run(['--no-v1-to-v2', dir]);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'server.ts'), 'utf8')).toContain('@mcp-mrtr-review no-strategy-yet');
  });

  it('prints with --dry-run --diff a patch that git apply accepts, writing nothing', () => {
    const dir = tempTree({ 'src/server.ts': TOOL_WITH_ASK });
    const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    const before = snapshotTree(dir);
    const { code, stdout } = run(['--dry-run', '--diff', '--quiet', dir]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^diff --git a\/src\/server\.ts b\/src\/server\.ts\n--- a\/src\/server\.ts\n\+\+\+ b\/src\/server\.ts\n/,
    );
    expect(snapshotTree(dir)).toEqual(before);
    fs.writeFileSync(path.join(dir, '..', path.basename(dir) + '.patch'), stdout);
    temps.push(path.join(dir, '..', path.basename(dir) + '.patch'));
    const applied = git('apply', '--check', path.join(dir, '..', path.basename(dir) + '.patch'));
    expect(applied.stderr).toBe('');
    expect(applied.status).toBe(0);
  });

  it('formats only the changed files with the project prettier config under --prettier', () => {
    const messy = 'export const untouched = {a:1,b:2}\n';
    const dir = tempTree({
      'server.ts': TOOL_WITH_ASK,
      'other.ts': messy,
      '.prettierrc': '{ "singleQuote": false, "semi": false }\n',
    });
    const { code } = run(['--prettier', '--no-v1-to-v2', dir]);
    expect(code).toBe(0);
    const formatted = fs.readFileSync(path.join(dir, 'server.ts'), 'utf8');
    expect(formatted).toContain('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"\n');
    expect(formatted).toContain('@mcp-mrtr-review no-strategy-yet');
    expect(fs.readFileSync(path.join(dir, 'other.ts'), 'utf8')).toBe(messy);
  });

  it('exits 2 on --diff without --dry-run', () => {
    const dir = tempTree({ 'server.ts': TOOL_WITH_ASK });
    const { code, stderr } = run(['--diff', '--allow-dirty', dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--diff needs --dry-run/);
  });

  it('writes the report to --output and nothing else', () => {
    const dir = tempTree({ 'server.ts': TOOL_WITH_ASK });
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-out-')), 'report.json');
    temps.push(path.dirname(out));
    const before = snapshotTree(dir);
    const { code, stdout } = run(['--dry-run', '--report', 'json', '--output', out, dir]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(JSON.parse(fs.readFileSync(out, 'utf8')).sites).toHaveLength(1);
    expect(snapshotTree(dir)).toEqual(before);
  });

  it('reports a file that does not parse with file:line and exits 1, still auditing the rest', () => {
    const dir = tempTree({ 'good.ts': TOOL_WITH_ASK, 'broken.ts': 'const server = createMessage(\nlet = ;\n' });
    const { code, stdout } = run(['--dry-run', '--report', 'json', dir]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    const broken = report.files.find((f: { file: string }) => f.file === 'broken.ts');
    expect(broken.status).toBe('error');
    expect(broken.problem.kind).toBe('parse-error');
    expect(broken.problem.message).toMatch(/^broken\.ts:2:\d+: /);
    expect(report.sites).toHaveLength(1);
  });

  it('skips and reports binary files without failing the run', () => {
    const dir = tempTree({ 'good.ts': TOOL_WITH_ASK, 'blob.js': Buffer.from([0x63, 0x72, 0x65, 0x00, 0x01, 0x02]) });
    const { code, stdout } = run(['--dry-run', dir]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/skipped +.*blob\.js/);
  });

  it('honours --include and --exclude', () => {
    const dir = tempTree({ 'src/a.ts': TOOL_WITH_ASK, 'src/a.test.ts': TOOL_WITH_ASK, 'scripts/b.ts': TOOL_WITH_ASK });
    const { stdout } = run(['--dry-run', '--report', 'json', '--include', 'src/**', '--exclude', '**/*.test.ts', dir]);
    expect(JSON.parse(stdout).sites.map((s: { file: string }) => s.file)).toEqual(['src/a.ts']);
  });

  it('prints nothing with --quiet on a clean run', () => {
    const dir = tempTree({ 'server.ts': TOOL_WITH_ASK });
    const { code, stdout, stderr } = run(['--dry-run', '--quiet', dir]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toBe('');
  });

  it('shows every chain and the guards with --verbose', () => {
    const { code, stdout } = run(['--dry-run', '--verbose', EXAMPLE]);
    expect(code).toBe(0);
    expect(stdout).toContain('via tools/call clear_notes');
    expect(stdout).toMatch(/guards: capability-check, try-catch/);
  });
});
