import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Report } from '../../lib/model.js';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const FIXTURES_ROOT = path.join(REPO_ROOT, '__fixtures__');

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
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const entry of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      const match = INPUT_PATTERN.exec(entry);
      if (match) {
        fixtures.push({ transform, name: match[1]!, decision: match[2] as Fixture['decision'], inputPath: full, isFolder: false, reportPath: path.join(dir, `${match[1]}.report.json`) });
      } else if (/^(rewrite|review|skip)-[a-z0-9-]+$/.test(entry) && fs.existsSync(path.join(full, 'input'))) {
        fixtures.push({ transform, name: entry, decision: entry.split('-')[0] as Fixture['decision'], inputPath: path.join(full, 'input'), isFolder: true, reportPath: path.join(full, 'report.json') });
      }
    }
  }
  return fixtures;
}

/**
 * What a folder fixture's `options.json` may ask for: a strategy, the v1-to-v2 step first (as the CLI runs it), or
 * the replay runtime's folder.
 */
export interface FixtureOptions {
  strategy?: 'auto' | 'explicit' | 'replay';
  v1ToV2?: boolean;
  runtimeDir?: string;
}

/** The run options a folder fixture asks for in its `options.json` (e.g. `{ "strategy": "explicit" }`, `{ "runtimeDir": "generated" }`). */
export function fixtureOptions(fixture: Fixture): FixtureOptions {
  const file = path.join(path.dirname(fixture.inputPath), 'options.json');
  return fixture.isFolder && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as FixtureOptions) : {};
}

/** Copy a fixture's input to a fresh temp dir outside the repository, so that no node_modules can resolve. */
export function copyFixture(fixture: Fixture): { dir: string; target: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mrtr-${fixture.name}-`));
  if (fixture.isFolder) {
    fs.cpSync(fixture.inputPath, dir, { recursive: true });
    return { dir, target: dir };
  }
  const name = path.basename(fixture.inputPath).replace('.input.', '.');
  fs.copyFileSync(fixture.inputPath, path.join(dir, name));
  return { dir, target: dir };
}

/** The part of a report a fixture pins: positions, ids of reasons, families and chains; never message wording. */
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
      chains: site.chains.map((chain) => chain.map((frame) => `${frame.name} @ ${frame.file}:${frame.line}${frame.callLine ? ` calls at ${frame.callLine}` : ''}`)),
      guards: site.guards,
      decision: site.decision,
      ...(site.reason ? { reason: site.reason } : {}),
      ...(site.strategy ? { strategy: site.strategy } : {}),
      ...(site.notes ? { notes: site.notes } : {}),
    })),
    files: report.files.filter((f) => f.status !== 'unchanged').map((f) => ({ file: f.file, status: f.status, problem: f.problem?.kind })),
  };
}

/** sha256 of every file under a directory, to prove that nothing was written. */
export function snapshotTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out[path.relative(dir, full)] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
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

/** The expected migrated tree: each file's expected output, or its input when none is given (must come out unchanged). */
export function expectedOutputs(fixture: Fixture, input: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, text] of Object.entries(input)) {
    const expected = outputPathOf(fixture, file);
    out[file] = fs.existsSync(expected) ? fs.readFileSync(expected, 'utf8') : text;
  }
  // Files the migration creates (e.g. the replay runtime module) exist only under output/.
  const outputDir = path.join(path.dirname(fixture.inputPath), 'output');
  if (fixture.isFolder && fs.existsSync(outputDir)) {
    for (const [file, text] of Object.entries(readTree(outputDir))) if (!(file in out)) out[file] = text;
  }
  return out;
}

/** UPDATE_FIXTURES=1: store outputs that differ from their input; remove stale ones that no longer differ. */
export function writeExpectedOutputs(fixture: Fixture, input: Record<string, string>, output: Record<string, string>): void {
  for (const [file, text] of Object.entries(output)) {
    const expected = outputPathOf(fixture, file);
    if (text === input[file]) {
      fs.rmSync(expected, { force: true });
    } else {
      fs.mkdirSync(path.dirname(expected), { recursive: true });
      fs.writeFileSync(expected, text);
    }
  }
}
