/**
 * Helpers shared by the robustness test files (`test/robustness-*.test.ts`): they run the built CLI on hostile input
 * and check what a user sees end to end (discovery details are in the `test/files-*.test.ts` files). Temp trees are
 * removed after each test by `removeTemps`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './fixtures.js';

export const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const temps: string[] = [];

/** A v2 tool whose ask the explicit strategy rewrites. */
export function tool(name: string, eol = '\n'): string {
  return [
    "import { McpServer } from '@modelcontextprotocol/server';",
    '',
    `export const server = new McpServer({ name: '${name}', version: '1.0.0' });`,
    '',
    `server.registerTool('${name}', { description: 'Delete after confirmation' }, async (ctx) => {`,
    "  const answer = await ctx.mcpReq.elicitInput({ message: 'Delete?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } });",
    "  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled.' }] };",
    "  return { content: [{ type: 'text', text: 'Deleted.' }] };",
    '});',
    '',
  ].join(eol);
}

export function tempTree(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-robust-'));
  temps.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

export function run(args: string[], options: { uid?: number } = {}) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, error: result.error };
}

export function json(stdout: string) {
  return JSON.parse(stdout) as {
    files: Array<{ file: string; status: string; problem?: { kind: string; message: string } }>;
    sites: Array<{ file: string; decision: string }>;
  };
}

export function removeTemps(): void {
  for (const dir of temps.splice(0)) {
    spawnSync('chattr', ['-R', '-i', dir], { stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
