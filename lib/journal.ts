// Recoverable migrations: every write of a run is recorded in a journal before the first one, the writes go in an
// order that never leaves an import without its module (new files, then the edited sources, then the replaced files
// such as package.json), and the journal is removed after the last. A run killed at any point leaves the tree as it
// was, or the journal: the next migration of that root finds it, checks that every file it names is still either as
// it was before or as planned, finishes the writes, and then runs as usual (over a complete migration: no change).
// So a re-run over an interrupted migration ends exactly where one clean run ends.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FileOutcome, PlannedTexts } from './apply.js';
import { UsageError } from './usageError.js';

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
  files: JournalEntry[];
}

/** The write order: files that did not exist (modules that others will import) first, then sources, then the rest. */
function ordered(pending: PendingWrite[]): PendingWrite[] {
  const created = pending.filter((w) => w.before === null).sort((a, b) => (a.absPath < b.absPath ? -1 : 1));
  const sources = pending.filter((w) => w.before !== null && !w.whole);
  const replaced = pending.filter((w) => w.before !== null && w.whole);
  return [...created, ...sources, ...replaced];
}

/**
 * Make a run's writes: the journal, each file atomically in the recoverable order, then the journal removed. A file
 * that cannot be written is reported as before (a `write-error` outcome) and the others go on.
 */
export async function commitWrites(
  root: string,
  pending: PendingWrite[],
  outcomes: Map<string, FileOutcome>,
  texts?: PlannedTexts,
): Promise<void> {
  if (pending.length === 0) return;
  const { createFileAtomic, writeFileAtomic } = await import('./writeFileAtomic.js');
  const writes = ordered(pending);
  const journalPath = path.join(root, JOURNAL_NAME);
  const journal: Journal = {
    tool: 'mcp-mrtr-codemod',
    note: 'An interrupted migration: run mcp-mrtr-codemod on this folder again (with --allow-dirty) to finish it.',
    pid: process.pid,
    files: writes.map((w) => ({ path: w.file, before: w.before === null ? null : hashOf(w.before), after: w.after })),
  };
  try {
    createFileAtomic(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
  } catch (error) {
    throw new UsageError(
      `cannot write the migration journal ${journalPath} (${(error as NodeJS.ErrnoException).code ?? String(error)}): ` +
        'another migration may be running on this folder',
    );
  }
  for (const write of writes) {
    try {
      if (write.before === null) {
        // A runtime folder given with --runtime-dir may not exist yet.
        fs.mkdirSync(path.dirname(write.absPath), { recursive: true });
        createFileAtomic(write.absPath, write.after);
      } else writeFileAtomic(write.absPath, write.after);
    } catch (error) {
      texts?.delete(write.absPath);
      outcomes.set(write.absPath, {
        status: 'error',
        ...(write.whole ? { file: write.file } : {}),
        problem: {
          kind: 'write-error',
          message: `${write.file}: ${error instanceof Error ? error.message : String(error)}`,
        },
      });
    }
  }
  fs.rmSync(journalPath, { force: true });
}

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
  const entries = journal.files.map((entry) => {
    const absPath = path.resolve(root, ...entry.path.split('/'));
    const relative = path.relative(root, absPath);
    if (relative.startsWith('..') || path.isAbsolute(relative))
      throw new UsageError(`${journalPath}: names a file outside the folder: ${entry.path}`);
    const current = readIfExists(absPath);
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
  try {
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as Journal;
    if (journal.tool === 'mcp-mrtr-codemod' && Array.isArray(journal.files)) return journal;
  } catch {
    // Reported below.
  }
  throw new UsageError(
    `${journalPath}: not a readable migration journal; delete it and restore the tree (git checkout)`,
  );
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

function hashOf(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
