// The bench's inputs are what its README says they are: the generated tree holds 1% MCP files (modules of 5)
// and 2% look-alikes at any size, the same seed gives the same tree, and the v1-step row measures the step.
// Speed itself is measured by `npm run bench`, never asserted here.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the bench scripts are plain JavaScript without declarations
import { generateTree } from '../bench/generate-tree.mjs';

interface GeneratedTree {
  files: number;
  mcpFiles: number;
  lookalikeFiles: number;
  sites: Array<{ kind: string }>;
  fingerprint: string;
}

const REPO = path.resolve(import.meta.dirname, '..');
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-bench-tree-')));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const mcpFilesOn = (root: string) =>
  execFileSync('git', ['grep', '-l', '--no-index', '@modelcontextprotocol/sdk', '--', 'packages'], {
    cwd: root,
    encoding: 'utf8',
  })
    .trim()
    .split('\n').length;

describe('bench tree', () => {
  it.each([
    [500, 5],
    [1000, 10],
    [1300, 15],
  ])('%i files: 1%% MCP files (%i), 2%% look-alikes, on disk as counted', (total, mcp) => {
    const root = tempDir();
    const tree = generateTree(root, total, 7) as GeneratedTree;
    expect(tree.files).toBe(total);
    expect(tree.mcpFiles).toBe(mcp);
    expect(tree.lookalikeFiles).toBe(Math.round(total * 0.02));
    expect(mcpFilesOn(root)).toBe(mcp);
    expect(tree.sites.length).toBeGreaterThanOrEqual(mcp / 5);
  });

  it('more modules than packages go to further mcp folders of the same packages', () => {
    const root = tempDir();
    const tree = generateTree(root, 7000, 3) as GeneratedTree;
    expect(tree.mcpFiles).toBe(70);
    const folders = fs
      .readdirSync(path.join(root, 'packages'))
      .flatMap((pkg) => fs.readdirSync(path.join(root, 'packages', pkg, 'src')).filter((d) => /^mcp\d*$/.test(d)));
    expect(folders.length).toBe(14);
    expect(folders.filter((d) => d === 'mcp2').length).toBe(2);
  });

  it('the same seed gives the same tree; another seed another', () => {
    const a = generateTree(tempDir(), 600, 11) as GeneratedTree;
    const b = generateTree(tempDir(), 600, 11) as GeneratedTree;
    const c = generateTree(tempDir(), 600, 12) as GeneratedTree;
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(c.fingerprint).not.toBe(a.fingerprint);
  });

  it('the v1-step row runs the official codemod on the v1 files of a target and says what it changed', () => {
    const out = execFileSync(
      process.execPath,
      [path.join(REPO, 'bench', 'v1-step.mjs'), path.join(REPO, 'dist'), path.join(REPO, 'examples')],
      { encoding: 'utf8' },
    );
    const step = JSON.parse(out.trim()) as { files: number; v1Files: number; changed: number; runS: number };
    const v1 = execFileSync('git', ['grep', '-l', '--no-index', '@modelcontextprotocol/sdk', '--', '.'], {
      cwd: path.join(REPO, 'examples'),
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .filter((f) => /\.[cm]?[jt]sx?$/.test(f));
    expect(step.v1Files).toBe(v1.length);
    expect(step.changed).toBeGreaterThan(0);
    expect(step.changed).toBeLessThanOrEqual(step.v1Files);
    expect(step.runS).toBeGreaterThan(0);
  });
});
