// Recoverable migrations: every write of a run is recorded in a journal before the first one, the writes go in an
// order that never leaves an import without its module (new files, then the edited sources, then the replaced files
// such as package.json), and the journal is removed after the last. A run killed at any point leaves the tree as it
// was, or the journal: the next migration of that root finds it, checks that every file it names is still either as
// it was before or as planned, finishes the writes, and then runs as usual (over a complete migration: no change).
// So a re-run over an interrupted migration ends exactly where one clean run ends.
//
// A journal found in a tree is untrusted input: a cloned repository could commit one, naming files the tool would
// never write (a git hook, a file behind a link that leads out). It is finished only when this checkout's run could
// have written it: not tracked by git, written for this folder, and naming only files a plan writes (sources, the
// runtime module, package.json), inside the folder, outside repository metadata, with no symbolic link on the way.
// The writes themselves are made by commitWrites.ts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readIfExists } from './readIfExists.js';
import { UsageError } from './usageError.js';
import { forbiddenWrite, linkOnTheWay, realpathOrSelf } from './writePaths.js';

/** The journal's name, in the target root. */
export const JOURNAL_NAME = '.mcp-mrtr-migration.json';

/** One write the run will make: the whole new text of a file, and what the file holds now (null: it is new). */
export interface PendingWrite {
  absPath: string;
  /** Root-relative, posix slashes. */
  file: string;
  before: string | null;
  after: string;
  /** A whole file of the plan (runtime module, package.json) rather than an edited source: its outcome names it. */
  whole: boolean;
}

interface JournalEntry {
  path: string;
  /** sha256 of the text before the run, or null when the run creates the file. */
  before: string | null;
  after: string;
}

interface Journal {
  tool: 'mcp-mrtr-codemod';
  note: string;
  pid: number;
  /** The real path of the folder the run migrated: a journal copied from elsewhere is not finished here. */
  root: string;
  files: JournalEntry[];
}

/** The journal of these writes (in their write order) for a run on `root`. */
export function journalOf(root: string, writes: PendingWrite[]): Journal {
  return {
    tool: 'mcp-mrtr-codemod',
    note: 'An interrupted migration: run mcp-mrtr-codemod on this folder again (with --allow-dirty) to finish it.',
    pid: process.pid,
    root: realpathOrSelf(root),
    files: writes.map((w) => ({ path: w.file, before: w.before === null ? null : hashOf(w.before), after: w.after })),
  };
}

/** The files a plan writes whole or edits: source files (the runtime module among them) and package.json. */
const PLANNED_FILE = /(?:^|\/)(?:[^/]+\.[cm]?[jt]sx?|package\.json)$/;

/** Whether an interrupted migration's journal is in this root. */
export function hasJournal(root: string): boolean {
  return fs.existsSync(path.join(root, JOURNAL_NAME));
}

/**
 * Finish the migration a journal in this root records (a run that was killed): check every file it names, write
 * those not yet written, remove the journal and the interrupted run's temp files. Returns the files written (root-
 * relative), or undefined when there is no journal. A journal that no longer matches the tree is a usage error.
 */
export async function finishInterrupted(root: string): Promise<string[] | undefined> {
  removeStaleTemps(root, JOURNAL_NAME);
  const journalPath = path.join(root, JOURNAL_NAME);
  if (!fs.existsSync(journalPath)) return undefined;
  const journal = readJournal(journalPath);
  if (journal.pid !== process.pid && isAlive(journal.pid))
    throw new UsageError(`another migration (process ${journal.pid}) is running on this folder: ${journalPath}`);
  const refuse = (why: string) =>
    new UsageError(
      `${journalPath}: ${why}; it was not written by an interrupted migration of this folder, so it is not finished: ` +
        'delete it (git rm it when it is committed), restore the tree (git checkout) and run again',
    );
  if (isTracked(journalPath)) throw refuse('the journal is committed to the repository');
  if (journal.root !== realpathOrSelf(root)) throw refuse(`it was written for another folder (${journal.root})`);
  const entries = journal.files.map((entry) => {
    const absPath = path.resolve(root, ...entry.path.split('/'));
    const forbidden = forbiddenWrite(root, absPath) ?? linkedWrite(root, absPath);
    if (forbidden !== undefined) throw refuse(`it names ${entry.path}: ${forbidden}`);
    if (!PLANNED_FILE.test(entry.path)) throw refuse(`it names ${entry.path}, a file no migration writes`);
    const current = readIfExists(absPath) ?? null;
    const done = current === entry.after;
    const untouched = entry.before === null ? current === null : current !== null && hashOf(current) === entry.before;
    if (!done && !untouched)
      throw new UsageError(
        `an interrupted migration's journal (${journalPath}) no longer matches ${entry.path}, changed since; ` +
          'restore the tree (e.g. git checkout) or delete the journal',
      );
    return { entry, absPath, done };
  });
  const { createFileAtomic, writeFileAtomic } = await import('./writeFileAtomic.js');
  const written: string[] = [];
  for (const { entry, absPath, done } of entries) {
    removeStaleTemps(path.dirname(absPath), path.basename(absPath));
    if (done) continue;
    try {
      if (entry.before === null) {
        fs.mkdirSync(path.dirname(absPath), { recursive: true });
        createFileAtomic(absPath, entry.after);
      } else writeFileAtomic(absPath, entry.after);
    } catch (error) {
      throw new UsageError(
        `cannot finish the interrupted migration (${journalPath}): ${entry.path}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    written.push(entry.path);
  }
  fs.rmSync(journalPath, { force: true });
  return written;
}

function readJournal(journalPath: string): Journal {
  let journal: unknown;
  try {
    journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
  } catch {
    // Reported below.
  }
  const problem = journalShapeProblem(journal);
  if (problem === undefined) return journal as Journal;
  throw new UsageError(
    `${journalPath}: not a readable migration journal (${problem}); delete it and restore the tree (git checkout)`,
  );
}

/** What makes a parsed journal malformed, or undefined when it has the shape journalOf writes. */
function journalShapeProblem(journal: unknown): string | undefined {
  if (typeof journal !== 'object' || journal === null) return 'not a JSON object';
  const { tool, pid, root, files } = journal as Record<string, unknown>;
  if (tool !== 'mcp-mrtr-codemod') return '"tool" is not mcp-mrtr-codemod';
  if (!Number.isSafeInteger(pid) || (pid as number) <= 0) return '"pid" is not a process id';
  if (typeof root !== 'string') return '"root" is not a path';
  if (!Array.isArray(files)) return '"files" is not a list';
  for (const [index, entry] of files.entries()) {
    const {
      path: file,
      before,
      after,
    } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    if (typeof file !== 'string' || file === '' || file.includes('\0')) return `files[${index}].path is not a path`;
    if (before !== null && (typeof before !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(before)))
      return `files[${index}].before is neither null nor a sha256`;
    if (typeof after !== 'string') return `files[${index}].after is not a text`;
  }
  return undefined;
}

/** Why a journal entry may not be written: a symbolic link on the way (a plan never writes through one). */
function linkedWrite(root: string, absPath: string): string | undefined {
  const link = linkOnTheWay(root, absPath);
  return link === undefined ? undefined : `${link} is a symbolic link`;
}

/** Whether git tracks this file (false outside a repository, or without git). */
function isTracked(file: string): boolean {
  const result = spawnSync('git', ['ls-files', '--error-unmatch', '--', path.basename(file)], {
    cwd: path.dirname(file),
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  return result.status === 0;
}

/**
 * Remove the temp files an atomic write of `name` in `dir` left when its process was killed
 * (`.<name>.mrtr-<pid>-<random>.tmp`, see writeFileAtomic), when that process is gone.
 */
export function removeStaleTemps(dir: string, name: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  const prefix = `.${name}.mrtr-`;
  for (const entry of names) {
    if (!entry.startsWith(prefix) || !entry.endsWith('.tmp')) continue;
    const pid = Number(/^(\d+)-[a-z0-9]*\.tmp$/.exec(entry.slice(prefix.length))?.[1]);
    if (pid > 0 && !isAlive(pid)) fs.rmSync(path.join(dir, entry), { force: true });
  }
}

/** Whether a process with this id runs (on this machine); a process of another user counts as running. */
export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function hashOf(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
