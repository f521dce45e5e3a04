/**
 * The bundled v2 example (examples/v2-notes-server): the exact decision for every site, the migrated server
 * behaving like the original under real SDK clients, a second run changing nothing, and the migrated copy
 * compiling strictly with the example's own tsconfig.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { audit, migrate } from '../api/index.js';
import {
  loadServerModule,
  runMigrated2025,
  runMigrated2026,
  runOriginal,
  type Call,
  type ClientScript,
  type CreateMessageResult,
  type ElicitResult,
  type ListRootsResult,
  type ServerModule,
} from './support/equivalence.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const EXAMPLE = path.join(REPO_ROOT, 'examples', 'v2-notes-server');

/** Every site of the example, `file:line:column kind form [family] decision` (+ reason): pinned from the report. */
const EXPECTED_SITES = [
  'src/helpers/summarize.ts:9:24 sampling ctx.mcpReq.requestSampling [tools/call] rewritten replay',
  'src/prompts.ts:12:31 roots server.listRoots [prompts/get] rewritten explicit',
  'src/resources.ts:19:28 sampling ctx.mcpReq.requestSampling [resources/read] rewritten explicit',
  'src/server.ts:27:31 roots server.listRoots [oninitialized] review oninitialized',
  'src/tools.ts:42:34 elicitation ctx.mcpReq.elicitInput [tools/call] rewritten explicit',
  'src/tools.ts:63:28 elicitation ctx.mcpReq.elicitInput [tools/call] rewritten explicit',
  'src/tools.ts:68:34 elicitation ctx.mcpReq.elicitInput [tools/call] rewritten explicit',
];

const EXPECTED_CHANGED = [
  'src/helpers/summarize.ts',
  'src/prompts.ts',
  'src/resources.ts',
  'src/server.ts',
  'src/tools.ts',
];
// The replay runtime, generated once beside the server for the helper's ask.
const EXPECTED_CREATED = ['src/mcp-mrtr-runtime.ts'];

function siteLines(report: Report): string[] {
  return report.sites.map((s) =>
    `${s.file}:${s.line}:${s.column} ${s.kind} ${s.form} [${s.family}] ${s.decision} ${s.reason ?? s.strategy ?? ''}`.trimEnd(),
  );
}

/** Every file under a directory (not following symlinks), keyed by relative posix path. */
function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out[path.relative(dir, full).split(path.sep).join('/')] = fs.readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}

/** The example's sources and configuration, without build output or installed packages. */
function copyExample(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-v2-notes-'));
  fs.cpSync(EXAMPLE, dir, {
    recursive: true,
    filter: (src) => !['node_modules', 'dist'].includes(path.basename(src)),
  });
  return dir;
}

// ---------------------------------------------------------------------------------------------------------
// Scripted clients

const ROOTS: ListRootsResult = {
  roots: [{ uri: 'file:///home/ada/notes', name: 'notes' }, { uri: 'file:///home/ada/work' }],
};
const SAMPLE: CreateMessageResult = {
  role: 'assistant',
  content: { type: 'text', text: '  Two old notes: an app idea and a retro.  ' },
  model: 'test-model',
  stopReason: 'endTurn',
};

/** Answers by kind, never by round: the same answers whether asked by a push request or an input_required round. */
function script(elicit: ElicitResult): ClientScript {
  return { elicit: () => elicit, sample: () => SAMPLE, roots: () => ROOTS };
}

const SCRIPTS: Record<string, ClientScript> = {
  accept: script({ action: 'accept', content: { confirm: true } }),
  'accept-unchecked': script({ action: 'accept', content: { confirm: false } }),
  decline: script({ action: 'decline' }),
  cancel: script({ action: 'cancel' }),
  'invalid-content': script({ action: 'accept', content: { confirm: 'yes' } }),
  // rename_note's two questions: a new title, then the confirmation (told apart by the question asked).
  rename: {
    elicit: (params): ElicitResult =>
      String(params.message).startsWith('New title')
        ? { action: 'accept', content: { title: 'Ideas, revised' } }
        : { action: 'accept', content: { confirm: true } },
    sample: () => SAMPLE,
    roots: () => ROOTS,
  },
  'rename-kept': {
    elicit: (params): ElicitResult =>
      String(params.message).startsWith('New title')
        ? { action: 'accept', content: { title: 'Ideas, revised' } }
        : { action: 'decline' },
    sample: () => SAMPLE,
    roots: () => ROOTS,
  },
};

/**
 * The rewritten tool, prompt and resource. Each call stands alone: under `createMcpHandler` every request
 * (and every retry) gets a fresh instance with a freshly seeded store, so no call may depend on an earlier
 * call's change.
 */
const CALLS: Call[] = [
  { kind: 'tool', name: 'delete_note', args: { id: 'n1' } },
  { kind: 'tool', name: 'delete_note', args: { id: 'n9' } },
  { kind: 'prompt', name: 'review_note', args: { id: 'n2' } },
  { kind: 'prompt', name: 'review_note', args: { id: 'n9' } },
  { kind: 'resource', uri: 'notes://archive' },
  // The ask in the summarize helper (replay).
  { kind: 'tool', name: 'summarize_note', args: { id: 'n2' } },
  { kind: 'tool', name: 'summarize_note', args: { id: 'n9' } },
  // Last, so that no other call sees the new title (the original serves every call from one instance).
  { kind: 'tool', name: 'rename_note', args: { id: 'n2' } },
  { kind: 'tool', name: 'rename_note', args: { id: 'n9' } },
];

// ---------------------------------------------------------------------------------------------------------

describe('examples/v2-notes-server', () => {
  let dir = '';
  let original: Record<string, string> = {};
  let report: Report;
  let dryRun: Report;

  beforeAll(async () => {
    dir = copyExample();
    original = readTree(dir);
    dryRun = await audit({ paths: [dir] });
    report = await migrate({ paths: [dir] });
  });

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('decides every site as pinned, and the migration applies exactly the dry run', () => {
    expect(siteLines(report)).toEqual(EXPECTED_SITES);
    expect(siteLines(dryRun)).toEqual(EXPECTED_SITES);
    expect(report.sites.map((s) => s.chains)).toEqual(dryRun.sites.map((s) => s.chains));
    expect(
      report.files
        .filter((f) => f.status !== 'unchanged')
        .map((f) => `${f.file} ${f.status}${f.created ? ' (created)' : ''}`)
        .sort(),
    ).toEqual(
      [...EXPECTED_CHANGED.map((f) => `${f} changed`), ...EXPECTED_CREATED.map((f) => `${f} changed (created)`)].sort(),
    );
    expect(report.wrote).toBe(true);

    const migrated = readTree(dir);
    expect(Object.keys(migrated).sort()).toEqual([...Object.keys(original), ...EXPECTED_CREATED].sort());
    for (const file of Object.keys(original)) {
      if (!EXPECTED_CHANGED.includes(file)) expect(migrated[file], file).toBe(original[file]);
    }
    // One marker per review site, none for the rewritten ones.
    const markers =
      Object.values(migrated)
        .join('\n')
        .match(/@mcp-mrtr-review [a-z-]+/g) ?? [];
    expect(markers.sort()).toEqual(['oninitialized'].map((r) => `@mcp-mrtr-review ${r}`));
    // The prompt callback had no context parameter: the rewrite added one.
    expect(migrated['src/prompts.ts']).toContain('async ({ id }, ctx) => {');
    expect(migrated['src/prompts.ts']).not.toContain('server.server.listRoots()');
    expect(migrated['src/resources.ts']).not.toContain('requestSampling');
    expect(migrated['src/tools.ts']).toContain("inputResponse(ctx.mcpReq.inputResponses, 'delete_note_confirmation')");
    // rename_note asks twice: a step function whose codec, declared in tools.ts, server.ts wires in.
    expect(migrated['src/tools.ts']).toContain('export const requestStateCodec = sharedRequestStateCodec();');
    expect(migrated['src/server.ts']).toContain("import { registerNoteTools, requestStateCodec } from './tools.js';");
    expect(migrated['src/server.ts']).toContain('{ requestState: { verify: requestStateCodec.verify }, capabilities:');
  });

  it('a second run changes nothing', async () => {
    const before = readTree(dir);
    const again = await migrate({ paths: [dir] });
    expect(again.wrote).toBe(false);
    expect(again.files.filter((f) => f.status !== 'unchanged')).toEqual([]);
    expect(readTree(dir)).toEqual(before);
    // What is left is the review work, each already marked.
    expect(siteLines(again)).toEqual([
      'src/server.ts:28:31 roots server.listRoots [oninitialized] review oninitialized',
    ]);
  });

  describe('the original and the migrated server ask the same and return the same', () => {
    let before: ServerModule;
    let after: ServerModule;

    beforeAll(async () => {
      before = await loadServerModule(path.join(EXAMPLE, 'src', 'server.ts'), { root: path.join(EXAMPLE, 'src') });
      after = await loadServerModule(path.join(dir, 'src', 'server.ts'), { root: path.join(dir, 'src') });
    });

    for (const [name, answers] of Object.entries(SCRIPTS)) {
      it(`${name}: 2026 era and 2025 shim`, async () => {
        const expected = await runOriginal(before, 'v2', CALLS, answers);
        // delete_note n1, rename_note n2 (its confirmation only once a title is accepted), review_note n2 and
        // notes://archive and summarize_note n2 ask; the unknown ids fail before any ask.
        const renames = name.startsWith('rename')
          ? ['elicitation/create', 'elicitation/create']
          : ['elicitation/create'];
        expect(expected.questions.map((q) => q.method)).toEqual([
          'elicitation/create',
          'roots/list',
          'sampling/createMessage',
          'sampling/createMessage',
          ...renames,
        ]);
        expect(await runMigrated2026(after, CALLS, answers)).toEqual(expected);
        expect(await runMigrated2025(after, CALLS, answers)).toEqual(expected);
      });
    }

    it('the branches the scripts reach', async () => {
      const outcome = async (answers: ClientScript) =>
        (await runOriginal(before, 'v2', CALLS.slice(0, 1), answers)).results[0];
      const textOf = (result: unknown) => (result as { content?: Array<{ text?: string }> }).content?.[0]?.text;
      expect(textOf(await outcome(SCRIPTS.accept!))).toBe('Deleted "Groceries".');
      expect(textOf(await outcome(SCRIPTS['accept-unchecked']!))).toBe('Kept "Groceries": the box was not checked.');
      expect(textOf(await outcome(SCRIPTS.decline!))).toBe('Kept "Groceries": you declined the deletion.');
      expect(textOf(await outcome(SCRIPTS.cancel!))).toBe('Deletion cancelled.');
      expect(await outcome(SCRIPTS['invalid-content']!)).toMatchObject({ isError: true });
    });
  });

  it('the migrated copy type-checks with the example tsconfig (strict, NodeNext)', () => {
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const configPath = path.join(dir, 'tsconfig.json');
    const read = ts.readConfigFile(configPath, ts.sys.readFile);
    expect(read.error).toBeUndefined();
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dir);
    expect(parsed.errors).toEqual([]);
    expect(parsed.options.strict).toBe(true);
    expect(parsed.options.module).toBe(ts.ModuleKind.NodeNext);
    expect(parsed.fileNames.map((f) => path.relative(dir, f)).sort()).toEqual(
      [...Object.keys(original), ...EXPECTED_CREATED].filter((f) => f.startsWith('src/')).sort(),
    );
    const program = ts.createProgram(parsed.fileNames, { ...parsed.options, noEmit: true });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file
        ? `${path.relative(dir, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
        : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    expect(diagnostics).toEqual([]);
  });
});
