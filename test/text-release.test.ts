/**
 * Discovery holds only the texts a transform reads (lib/textScan.ts): of every other file it keeps the word index
 * row, the module facts and a digest, and a name search reads the file again. The run's answer must be the one it
 * gives with every text held, and a file read again must be the file discovery read.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { audit, TRANSFORMS } from '../api/index.js';
import { discoverFiles } from '../lib/files.js';
import { AnalysisProject } from '../lib/project.js';
import { releaseRuleOf } from '../lib/releaseRule.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/server';
import { run } from './caller.js';
export const server = new McpServer({ name: 'n', version: '1' });
export async function confirmIt(s: McpServer) {
  return s.server.elicitInput({ message: 'ok?', requestedSchema: { type: 'object', properties: {} } });
}
server.registerTool('t', {}, async () => run(server));
`;
const CALLER = `import { confirmIt } from './server.js';
import { shout } from './util';
export const run = async (s: any) => {
  await confirmIt(s);
  return { content: [{ type: 'text' as const, text: shout('done') }] };
};
`;
const UTIL = `export const shout = (s: string) => s.toUpperCase(); // ünïcode\n`;
const SCHEMA = `import { z } from 'zod';\nexport const Name = z.string();\n`;

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-release-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'server.ts'), SERVER);
  fs.writeFileSync(path.join(dir, 'caller.ts'), CALLER);
  fs.mkdirSync(path.join(dir, 'util'));
  fs.writeFileSync(path.join(dir, 'util', 'index.ts'), '\uFEFF' + UTIL);
  fs.writeFileSync(path.join(dir, 'schema.ts'), SCHEMA);
  return dir;
}

describe('discovery with the run’s release rule', () => {
  it('holds the texts a transform reads, and reads the others again as they were', async () => {
    const dir = tree();
    const { files } = await discoverFiles([dir], { release: releaseRuleOf(TRANSFORMS) });
    const released = files.filter((f) => f.scan !== undefined).map((f) => f.file);
    expect(released).toEqual(['caller.ts', 'util/index.ts']);
    const text = (file: string) => files.find((f) => f.file === file)!.text;
    expect(text('caller.ts')).toBe(CALLER);
    expect(text('util/index.ts')).toBe(UTIL);
    expect(files.find((f) => f.file === 'util/index.ts')!.bom).toBe('\uFEFF');
  });

  it('gives the project the same reach and the same name searches as the held texts', async () => {
    const dir = tree();
    const held = await discoverFiles([dir]);
    const scanned = await discoverFiles([dir], { release: releaseRuleOf(TRANSFORMS) });
    expect(held.files.some((f) => f.scan)).toBe(false);
    const answers = (files: typeof held.files) => {
      const project = new AnalysisProject(dir, files);
      const reach = project.sdkReach();
      project.limitSearchesTo(reach);
      const names = ['confirmIt', 'shout', 'ünïcode', 'toUpperCase', 'server', 'util', 'absent'];
      return {
        reach: reach && [...reach].sort(),
        computed: project.hasComputedImports(),
        found: names.map((name) => project.filesMentioning(name).map((f) => f.getBaseName())),
      };
    };
    expect(answers(scanned.files)).toEqual(answers(held.files));
  });

  it('refuses a text that changed on disk since discovery read it, even at the same length', async () => {
    const dir = tree();
    const { files } = await discoverFiles([dir], { release: releaseRuleOf(TRANSFORMS) });
    const util = files.find((f) => f.file === 'util/index.ts')!;
    fs.writeFileSync(util.absPath, '\uFEFF' + UTIL.replace('toUpperCase', 'toLowerCase'));
    expect(() => util.text).toThrow(/util\/index\.ts: changed on disk during the run/);
    fs.writeFileSync(util.absPath, UTIL);
    expect(() => util.text).toThrow(/changed on disk/);
    fs.writeFileSync(util.absPath, '\uFEFF' + UTIL);
    expect(util.text).toBe(UTIL);
  });
});

describe('a run over released files', () => {
  it('parses the caller a name search finds, from the disk text', async () => {
    const report = await audit({ paths: [tree()], typecheck: false });
    expect(report.sites.map((s) => [s.file, s.line])).toEqual([['server.ts', 5]]);
    expect(report.totals.filesParsed).toBe(2);
  });

  it('stops when a released caller changed on disk before the search read it', async () => {
    const dir = tree();
    const caller = path.join(dir, 'caller.ts');
    const run = audit({
      paths: [dir],
      typecheck: false,
      onProgress: (done, _total, phase) => {
        if (phase === 'analyse' && done === 0) fs.writeFileSync(caller, CALLER.replace('done', 'gone'));
      },
    });
    await expect(run).rejects.toThrow(/caller\.ts: changed on disk during the run/);
  });

  it('reads no released file again outside a name search: the pre-step, the finish and the report do without them', async () => {
    const build = () => {
      const dir = tree();
      fs.writeFileSync(
        path.join(dir, 'package.json'),
        '{ "dependencies": { "@modelcontextprotocol/sdk": "^1.0.0" } }\n',
      );
      fs.writeFileSync(
        path.join(dir, 'v1.ts'),
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const s = new McpServer({ name: 'n', version: '1' });\n",
      );
      fs.mkdirSync(path.join(dir, 'lib'));
      for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(dir, 'lib', `n${i}.ts`), `export const n${i} = ${i};\n`);
      return dir;
    };
    const untouched = build();
    const expected = await audit({ paths: [untouched], v1ToV2: true, typecheck: false, diff: true });
    const dir = build();
    let removed = false;
    const report = await audit({
      paths: [dir],
      v1ToV2: true,
      typecheck: false,
      diff: true,
      onProgress: () => {
        if (removed) return;
        removed = true;
        for (let i = 0; i < 20; i++) fs.rmSync(path.join(dir, 'lib', `n${i}.ts`));
      },
    });
    expect(removed).toBe(true);
    expect(JSON.stringify(report).replaceAll(dir, 'ROOT')).toBe(JSON.stringify(expected).replaceAll(untouched, 'ROOT'));
    expect(report.files.filter((f) => f.file.startsWith('lib/'))).toHaveLength(20);
  });
});

describe('what discovery keeps of a released file', () => {
  it('gives every released entry with the same fields one hidden class (the built discovery, seen by V8)', () => {
    const dir = tree();
    for (let i = 0; i < 30; i++) fs.writeFileSync(path.join(dir, `n${i}.ts`), `export const n${i} = ${i};\n`);
    const dist = (file: string) => JSON.stringify(pathToFileURL(path.join(REPO_ROOT, 'dist', file)).href);
    // An object spread from the read's fields and then given the text accessor got a hidden class of its own: at
    // 50,000 files, 11 MB of maps and descriptor arrays.
    const script = `
      const { discoverFiles } = await import(${dist('lib/files.js')});
      const { releaseRuleOf } = await import(${dist('lib/releaseRule.js')});
      const { TRANSFORMS } = await import(${dist('api/index.js')});
      const { files } = await discoverFiles([${JSON.stringify(dir)}], { release: releaseRuleOf(TRANSFORMS) });
      const plain = files.filter((f) => f.scan !== undefined && f.bom === undefined);
      console.log(JSON.stringify({ released: plain.length, shared: plain.filter((f) => %HaveSameMap(f, plain[0])).length }));
    `;
    const child = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual({ released: 31, shared: 31 });
  });
});
