/**
 * Tests are not production (lib/testFiles.ts): which files count as tests, what a run does with the asks written in
 * them (left out, counted, audited with includeTests), and that the text report says how many were left out.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ts } from 'ts-morph';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { audit, toText } from '../api/index.js';
import { isConventionalTestPath, testFileRule } from '../lib/testFiles.js';
import { REPO_ROOT } from './support/fixtures.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-test-files-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('isConventionalTestPath', () => {
  it.each([
    'src/confirm.test.ts',
    'src/confirm.spec.mjs',
    'tool.test.tsx',
    '__tests__/confirm.ts',
    'src/__tests__/deep/confirm.ts',
    'src/__mocks__/server.ts',
    'test/confirm.ts',
    'tests/evals/agent.ts',
    'packages/api/spec/confirm.ts',
    'e2e/flow.ts',
    '__fixtures__/server.ts',
    'test/fixtures/server.ts',
  ])('%s is a test file', (file) => expect(isConventionalTestPath(file)).toBe(true));

  it.each([
    'src/confirm.ts',
    'src/testing.ts',
    'src/latest/confirm.ts',
    'src/contest.ts',
    'src/test-utils.ts',
    'specs.ts',
    'fixtures/server.ts',
  ])('%s is production', (file) => expect(isConventionalTestPath(file)).toBe(false));
});

describe('testFileRule', () => {
  it("adds the files the tsconfig's own exclude leaves out, relative to the tsconfig's folder", () => {
    const root = tree({
      'tsconfig.json': '{ // comments are allowed\n "exclude": ["node_modules", "./checks/", "src/**/*.contract.ts"] }',
    });
    const isTest = testFileRule(ts, root, undefined);
    expect(isTest(path.join(root, 'checks/server.ts'))).toBe(true);
    expect(isTest(path.join(root, 'checks/deep/server.ts'))).toBe(true);
    expect(isTest(path.join(root, 'src/tools/pay.contract.ts'))).toBe(true);
    expect(isTest(path.join(root, 'src/tools/pay.ts'))).toBe(false);
    expect(isTest(path.join(root, 'src/checks.ts'))).toBe(false);
    expect(isTest(path.join(root, 'src/pay.test.ts'))).toBe(true);
  });

  it('reads the tsconfig --tsconfig names, and nothing more without one', () => {
    const root = tree({ 'config/tsconfig.app.json': '{ "exclude": ["../scripts"] }' });
    expect(testFileRule(ts, root, undefined)(path.join(root, 'scripts/seed.ts'))).toBe(false);
    expect(
      testFileRule(ts, root, path.join(root, 'config/tsconfig.app.json'))(path.join(root, 'scripts/seed.ts')),
    ).toBe(false);
    const inside = tree({ 'tsconfig.json': '{ "exclude": ["scripts"] }' });
    expect(testFileRule(ts, inside, undefined)(path.join(inside, 'scripts/seed.ts'))).toBe(true);
  });
});

const SERVER = `import { McpServer } from '@modelcontextprotocol/server';
export function build() {
  const server = new McpServer({ name: 'pins', version: '1.0.0' });
  return server;
}
`;
const PINNED_ASK = `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'pin', version: '0.0.0' });
await server.server.elicitInput({ message: 'ok?', requestedSchema: { type: 'object', properties: {} } });
`;

describe('asks written in test files', () => {
  it('are left out by default, counted, and said so in the text report', async () => {
    const root = tree({ 'src/server.ts': SERVER, 'tests/pin.ts': PINNED_ASK });
    const report = await audit({ paths: [root] });
    expect(report.sites).toEqual([]);
    expect(report.totals.testFilesLeftOut).toBe(1);
    expect(toText(report)).toMatch(/^Test files left out: 1 \(--include-tests/m);
  });

  it('keep the asks of a folder only the tsconfig excludes (examples ship): its exclude decides callers, not asks', async () => {
    const root = tree({
      'src/server.ts': SERVER,
      'examples/pin.ts': PINNED_ASK,
      'tsconfig.json': '{ "exclude": ["examples"] }',
    });
    const report = await audit({ paths: [root] });
    expect(report.sites.map((s) => [s.file, s.line])).toEqual([['examples/pin.ts', 3]]);
    expect(report.totals.testFilesLeftOut).toBeUndefined();
  });

  it('are audited with includeTests, and the count is gone', async () => {
    const root = tree({ 'src/server.ts': SERVER, 'src/pin.spec.ts': PINNED_ASK });
    const report = await audit({ paths: [root], includeTests: true });
    expect(report.sites.map((s) => [s.file, s.line, s.reason])).toEqual([['src/pin.spec.ts', 3, 'startup']]);
    expect(report.totals.testFilesLeftOut).toBeUndefined();
    expect(toText(report)).not.toMatch(/Test files left out/);
  });
});

describe('--include-tests', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js'), ...args], {
      encoding: 'utf8',
    });

  it('reaches the run: the CLI audits the asks of test files with it, and leaves them out without it', () => {
    const root = tree({ 'src/server.ts': SERVER, 'e2e/pin.ts': PINNED_ASK });
    const without = JSON.parse(cli('--dry-run', '--report', 'json', root).stdout);
    expect([without.sites.length, without.totals.testFilesLeftOut]).toEqual([0, 1]);
    const schema = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schema', 'report.schema.json'), 'utf8'));
    const validate = new Ajv({ allErrors: true }).compile(schema);
    expect(validate(without), JSON.stringify(validate.errors)).toBe(true);
    const withFlag = JSON.parse(cli('--dry-run', '--include-tests', '--report', 'json', root).stdout);
    expect(withFlag.sites.map((s: { file: string }) => s.file)).toEqual(['e2e/pin.ts']);
  });
});
