/**
 * Fixture discovery and expected trees, shared by the fixture tests.
 *
 * Shared copies: the replay runtime the transform generates (`mcp-mrtr-runtime.ts`, `.cjs`, ...) is the same file in
 * most migrated outputs, so one copy per flavour lives in `__fixtures__/_runtime/`, and an expected output holds, in
 * place of the file `X`, a reference `X.shared` whose only line is the shared copy's path from the repository root
 * (`__fixtures__/_runtime/mcp-mrtr-runtime.ts`). Every reader of expected outputs here (`expectedOutputs`,
 * `readExpectedTree`, `materializedTree`) reads `X` with the shared copy's text, so comparisons stay exact (a produced
 * runtime that differs by one byte fails). UPDATE_FIXTURES=1 writes a reference when the produced file equals the
 * shared copy of the same name, and the full file otherwise. Folders under `__fixtures__/` whose name starts with
 * `_` are not fixtures.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Report } from '../../lib/model.js';
import type { Strategy } from '../../transforms/mrtr/options.js';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const FIXTURES_ROOT = path.join(REPO_ROOT, '__fixtures__');
/** The shared copies of generated files that expected outputs refer to (see the header). */
export const SHARED_ROOT = path.join(FIXTURES_ROOT, '_runtime');
/** `X.shared` in an expected tree stands for `X`, with the text of the shared copy it names. */
export const SHARED_SUFFIX = '.shared';

/** The fixtures of the v1 step, run as the CLI runs it (the step on): `__fixtures__/v1-to-v2-cli/<decision>-<case>/`. */
export const V1_CLI_FIXTURES = 'v1-to-v2-cli';

export interface Fixture {
  transform: string;
  /** `review-helper-confirm` (decision prefix + case). */
  name: string;
  decision: 'rewrite' | 'review' | 'skip';
  /** A single input file, or a folder holding `input/`. */
  inputPath: string;
  isFolder: boolean;
  reportPath: string;
}

const INPUT_PATTERN = /^((rewrite|review|skip)-[a-z0-9-]+)\.input\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** Every fixture under `__fixtures__/<transform>/`: `<decision>-<case>.input.<ext>` files and `<decision>-<case>/input/` folders. */
export function discoverFixtures(): Fixture[] {
  const fixtures: Fixture[] = [];
  for (const transform of fs.readdirSync(FIXTURES_ROOT).sort()) {
    const dir = path.join(FIXTURES_ROOT, transform);
    // `_runtime/` (shared copies, see the header) and any other `_` folder hold no fixture.
    if (transform.startsWith('_') || !fs.statSync(dir).isDirectory()) continue;
    for (const entry of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      const match = INPUT_PATTERN.exec(entry);
      if (match) {
        fixtures.push({
          transform,
          name: match[1]!,
          decision: match[2] as Fixture['decision'],
          inputPath: full,
          isFolder: false,
          reportPath: path.join(dir, `${match[1]}.report.json`),
        });
      } else if (/^(rewrite|review|skip)-[a-z0-9-]+$/.test(entry) && fs.existsSync(path.join(full, 'input'))) {
        fixtures.push({
          transform,
          name: entry,
          decision: entry.split('-')[0] as Fixture['decision'],
          inputPath: path.join(full, 'input'),
          isFolder: true,
          reportPath: path.join(full, 'report.json'),
        });
      }
    }
  }
  return fixtures;
}

/**
 * What a folder fixture's `options.json` may ask for: a strategy, the v1-to-v2 step first (as the CLI runs it),
 * the replay runtime's folder, or the asks of test files (`--include-tests`).
 */
export interface FixtureOptions {
  strategy?: Strategy;
  v1ToV2?: boolean;
  runtimeDir?: string;
  includeTests?: boolean;
  /**
   * The copy is installed (not a run option): a `node_modules` beside it, this repository's packages with zod 3 as a
   * v1 project has it (zod 4's own `zod/v3`), so that the type check and its repairs run in the temp copy too.
   */
  installed?: 'zod3';
}

/** The run options of a fixture's options (what `options.json` asks of the fixture runner itself left out). */
export function runOptionsOf(options: FixtureOptions): Omit<FixtureOptions, 'installed'> {
  const { installed: _installed, ...run } = options;
  return run;
}

/**
 * The run options a folder fixture asks for in its `options.json` (e.g. `{ "strategy": "explicit" }`,
 * `{ "runtimeDir": "generated" }`). A fixture of the v1 step run as the CLI runs it (`__fixtures__/v1-to-v2-cli/`)
 * has the step on.
 */
export function fixtureOptions(fixture: Fixture): FixtureOptions {
  const file = path.join(path.dirname(fixture.inputPath), 'options.json');
  const own =
    fixture.isFolder && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as FixtureOptions) : {};
  return fixture.transform === V1_CLI_FIXTURES ? { v1ToV2: true, ...own } : own;
}

/**
 * Copy a fixture's input to a fresh temp dir outside the repository, so that no node_modules can resolve; with
 * `installed`, to a folder `project/` of it beside a `node_modules` (see FixtureOptions). `root` is what to remove.
 */
export function copyFixture(fixture: Fixture): { dir: string; target: string; root: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `mrtr-${fixture.name}-`));
  const installed = fixtureOptions(fixture).installed;
  const dir = installed ? path.join(root, 'project') : root;
  if (installed) installWithZod3(path.join(root, 'node_modules'));
  if (fixture.isFolder) {
    fs.cpSync(fixture.inputPath, dir, { recursive: true });
    return { dir, target: dir, root };
  }
  const name = path.basename(fixture.inputPath).replace('.input.', '.');
  fs.copyFileSync(fixture.inputPath, path.join(dir, name));
  return { dir, target: dir, root };
}

/**
 * A node_modules as a v1 project installs it: this repository's packages linked, zod 3 (zod 4's `zod/v3`, the zod 3
 * API: this repository has no zod 3 of its own), and TypeScript copied (the type check uses a compiler installed in
 * the project's own node_modules; a link resolves outside it).
 */
export function installWithZod3(modules: string): void {
  fs.mkdirSync(modules, { recursive: true });
  const repoModules = path.join(REPO_ROOT, 'node_modules');
  for (const name of fs.readdirSync(repoModules))
    if (name !== 'zod' && name !== 'typescript' && name !== '.bin' && name !== '.cache')
      fs.symlinkSync(path.join(repoModules, name), path.join(modules, name), 'dir');
  fs.cpSync(path.join(repoModules, 'typescript'), path.join(modules, 'typescript'), { recursive: true });
  const zod = path.join(modules, 'zod');
  fs.mkdirSync(zod);
  const v3 = path.join(repoModules, 'zod', 'v3', 'index.js');
  fs.writeFileSync(
    path.join(zod, 'package.json'),
    JSON.stringify({ name: 'zod', version: '3.25.76', type: 'module', main: 'index.js', types: 'index.d.ts' }),
  );
  fs.writeFileSync(path.join(zod, 'index.js'), `export * from ${JSON.stringify(v3)};\n`);
  fs.writeFileSync(path.join(zod, 'index.d.ts'), `export * from ${JSON.stringify(v3.replace(/\.js$/, '.cjs'))};\n`);
}

/**
 * The part of a report a fixture pins: positions, ids of reasons, families and chains; never message wording. The
 * findings (the v1 step's, the type check's) as `transform/reason @ file:line`, in report order, when there are any.
 */
export function projectReport(report: Report): unknown {
  return {
    sites: report.sites.map((site) => ({
      file: site.file,
      line: site.line,
      column: site.column,
      kind: site.kind,
      form: site.form,
      sdk: site.sdk,
      family: site.family,
      families: site.families,
      chains: site.chains.map((chain) =>
        chain.map(
          (frame) =>
            `${frame.name} @ ${frame.file}:${frame.line}${frame.callLine ? ` calls at ${frame.callLine}` : ''}`,
        ),
      ),
      guards: site.guards,
      decision: site.decision,
      ...(site.reason ? { reason: site.reason } : {}),
      ...(site.strategy ? { strategy: site.strategy } : {}),
      ...(site.notes ? { notes: site.notes } : {}),
    })),
    ...(report.findings?.length
      ? { findings: report.findings.map((f) => `${f.transform}/${f.reason} @ ${f.file}:${f.line}`) }
      : {}),
    files: report.files
      .filter((f) => f.status !== 'unchanged')
      .map((f) => ({ file: f.file, status: f.status, problem: f.problem?.kind })),
    ...(report.totals.testFilesLeftOut ? { testFilesLeftOut: report.totals.testFilesLeftOut } : {}),
  };
}

/** sha256 of every file under a directory, to prove that nothing was written. */
export function snapshotTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile())
        out[path.relative(dir, full)] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** Every file under a directory with its text, keyed by relative posix path. */
export function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out[path.relative(dir, full).split(path.sep).join('/')] = fs.readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}

/** Where a fixture keeps its expected output: `<case>.output.<ext>` beside a single input, `output/` in a folder. */
function outputPathOf(fixture: Fixture, file: string): string {
  if (fixture.isFolder) return path.join(path.dirname(fixture.inputPath), 'output', file);
  return fixture.inputPath.replace('.input.', '.output.');
}

/**
 * The expected migrated tree: each file's expected output, or its input when none is given (must come out unchanged).
 * A folder's `output/` may name a shared copy instead of holding the file (`X.shared`, see the header).
 */
export function expectedOutputs(fixture: Fixture, input: Record<string, string>): Record<string, string> {
  const outputDir = path.join(path.dirname(fixture.inputPath), 'output');
  const stored = fixture.isFolder && fs.existsSync(outputDir) ? readExpectedTree(outputDir) : {};
  const out: Record<string, string> = {};
  for (const [file, text] of Object.entries(input)) {
    if (fixture.isFolder) {
      out[file] = stored[file] ?? text;
    } else {
      const expected = outputPathOf(fixture, file);
      out[file] = fs.existsSync(expected) ? fs.readFileSync(expected, 'utf8') : text;
    }
  }
  // Files the migration creates (e.g. the replay runtime module) exist only under output/.
  for (const [file, text] of Object.entries(stored)) if (!(file in out)) out[file] = text;
  return out;
}

/**
 * UPDATE_FIXTURES=1: store outputs that differ from their input (in a folder's `output/`, a reference to the shared
 * copy when the file equals it); remove stale ones that no longer differ.
 */
export function writeExpectedOutputs(
  fixture: Fixture,
  input: Record<string, string>,
  output: Record<string, string>,
): void {
  for (const [file, text] of Object.entries(output)) {
    const expected = outputPathOf(fixture, file);
    if (text === input[file]) {
      fs.rmSync(expected, { force: true });
      if (fixture.isFolder) fs.rmSync(expected + SHARED_SUFFIX, { force: true });
    } else if (fixture.isFolder) {
      writeExpectedFile(expected, text);
    } else {
      fs.mkdirSync(path.dirname(expected), { recursive: true });
      fs.writeFileSync(expected, text);
    }
  }
}

/** Every file of an expected tree with its text, as `readTree` gives it, each `X.shared` read as `X` (see the header). */
export function readExpectedTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, text] of Object.entries(readTree(dir))) {
    if (!file.endsWith(SHARED_SUFFIX)) {
      out[file] = text;
      continue;
    }
    const name = file.slice(0, -SHARED_SUFFIX.length);
    if (fs.existsSync(path.join(dir, name)))
      throw new Error(`${path.join(dir, file)}: ${name} is there too; keep one of them`);
    out[name] = sharedText(path.join(dir, file), text);
  }
  return out;
}

/** The text of the shared copy that the reference `refPath` (text `ref`) names; throws if it names none. */
function sharedText(refPath: string, ref: string): string {
  const target = path.resolve(REPO_ROOT, ref.trim());
  if (path.dirname(target) !== SHARED_ROOT || !fs.existsSync(target)) {
    throw new Error(
      `${refPath}: names ${JSON.stringify(ref.trim())}, not a file of ${path.relative(REPO_ROOT, SHARED_ROOT)}/`,
    );
  }
  return fs.readFileSync(target, 'utf8');
}

/** The reference text for a file `name` of an expected tree whose text is `text`, if a shared copy of that name holds exactly that text. */
export function sharedReference(name: string, text: string): string | undefined {
  const shared = path.join(SHARED_ROOT, path.basename(name));
  if (!fs.existsSync(shared) || fs.readFileSync(shared, 'utf8') !== text) return undefined;
  return path.relative(REPO_ROOT, shared).split(path.sep).join('/') + '\n';
}

/** Store one expected file at `expected`: as a reference `<expected>.shared` when a shared copy holds its text, else in full. */
export function writeExpectedFile(expected: string, text: string): void {
  const reference = sharedReference(expected, text);
  fs.mkdirSync(path.dirname(expected), { recursive: true });
  fs.rmSync(reference === undefined ? expected + SHARED_SUFFIX : expected, { force: true });
  if (reference === undefined) fs.writeFileSync(expected, text);
  else fs.writeFileSync(expected + SHARED_SUFFIX, reference);
}

/**
 * An expected tree as real files (each `X.shared` written as `X`), for what compiles or runs a tree from disk: under
 * this repository's `node_modules/.cache/` (replaced on each call), so that the SDK packages resolve from it as they do
 * from the fixture folder. Returns the folder.
 */
export function materializedTree(dir: string): string {
  const out = path.join(REPO_ROOT, 'node_modules', '.cache', 'mrtr-expected', path.relative(FIXTURES_ROOT, dir));
  fs.rmSync(out, { recursive: true, force: true });
  for (const [file, text] of Object.entries(readExpectedTree(dir))) {
    fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    fs.writeFileSync(path.join(out, file), text);
  }
  return out;
}

/**
 * A folder fixture's migrated tree as real files (its input with its expected `output/` laid over it, each `X.shared`
 * written as `X`), for what compiles or runs it, under this repository's `node_modules/.cache/` as `materializedTree`
 * does. `caseDir` holds `input/` (and `output/`). Returns the folder.
 */
export function migratedTree(caseDir: string): string {
  const out = path.join(REPO_ROOT, 'node_modules', '.cache', 'mrtr-migrated', path.relative(FIXTURES_ROOT, caseDir));
  fs.rmSync(out, { recursive: true, force: true });
  const outputDir = path.join(caseDir, 'output');
  const tree = {
    ...readTree(path.join(caseDir, 'input')),
    ...(fs.existsSync(outputDir) ? readExpectedTree(outputDir) : {}),
  };
  for (const [file, text] of Object.entries(tree)) {
    fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    fs.writeFileSync(path.join(out, file), text);
  }
  return out;
}
