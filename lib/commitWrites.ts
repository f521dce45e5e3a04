// A migration's writes, all or none: every file is checked before the first write (a path the tool may write, a file
// it can replace, still as it was read), the journal is written, then the files in a recoverable order; when one write
// fails (a disk that fills, an edit made meanwhile), the files already written are put back as they were. A source
// rewritten to import a module, or a codec, from a file that was left as it was would not load: the files of a plan
// depend on each other, so they succeed or fail together.
import fs from 'node:fs';
import path from 'node:path';
import type { FileOutcome, PlannedTexts } from './apply.js';
import { errorCode, errorMessage } from './filePaths.js';
import { JOURNAL_NAME, journalOf, type PendingWrite } from './journal.js';
import { UsageError } from './usageError.js';
import { canWrite, forbiddenWrite } from './writePaths.js';

/** The write order: files that did not exist (modules that others will import) first, then sources, then the rest. */
function ordered(pending: PendingWrite[]): PendingWrite[] {
  const created = pending.filter((w) => w.before === null).sort((a, b) => (a.absPath < b.absPath ? -1 : 1));
  const sources = pending.filter((w) => w.before !== null && !w.whole);
  const replaced = pending.filter((w) => w.before !== null && w.whole);
  return [...created, ...sources, ...replaced];
}

/**
 * Make a run's writes: each checked first, then the journal, each file atomically in the recoverable order, then the
 * journal removed. When a file cannot be written, nothing is (or what was written is put back): every file of the
 * plan gets a `write-error` outcome naming the one that failed.
 */
export async function commitWrites(
  root: string,
  pending: PendingWrite[],
  outcomes: Map<string, FileOutcome>,
  texts?: PlannedTexts,
): Promise<void> {
  if (pending.length === 0) return;
  const writes = ordered(pending);
  for (const write of writes) {
    const problem = writeProblemOf(root, write);
    if (problem !== undefined) return refuseAll(writes, { write, problem }, outcomes, texts, 'nothing was written');
  }
  const { createFileAtomic, writeFileAtomic } = await import('./writeFileAtomic.js');
  const journalPath = path.join(root, JOURNAL_NAME);
  try {
    createFileAtomic(journalPath, `${JSON.stringify(journalOf(root, writes), null, 2)}\n`);
  } catch (error) {
    throw new UsageError(`cannot write the migration journal ${journalPath}: ${journalProblem(error)}`);
  }
  const done: PendingWrite[] = [];
  for (const write of writes) {
    try {
      if (write.before === null) {
        // A runtime folder given with --runtime-dir may not exist yet.
        fs.mkdirSync(path.dirname(write.absPath), { recursive: true });
        createFileAtomic(write.absPath, write.after);
      } else writeFileAtomic(write.absPath, write.after, write.before);
      done.push(write);
    } catch (error) {
      const restored = restore(done, writeFileAtomic);
      // Restored: the tree is as it was and the journal goes. Otherwise it stays, so that the next run finishes the
      // migration (every file it names is then as before or as planned).
      if (restored) fs.rmSync(journalPath, { force: true });
      const state = restored
        ? 'nothing was written (the files written before it were put back)'
        : `the files written before it could not all be put back: run the migration again to finish it (${JOURNAL_NAME})`;
      return refuseAll(writes, { write, problem: errorMessage(error) }, outcomes, texts, state);
    }
  }
  fs.rmSync(journalPath, { force: true });
}

/** Put back the files of `done` as they were, last first; whether all were. */
function restore(
  done: PendingWrite[],
  writeFileAtomic: (file: string, content: string, expected?: string) => void,
): boolean {
  let restored = true;
  for (const write of [...done].reverse()) {
    try {
      if (write.before === null) {
        if (fs.readFileSync(write.absPath, 'utf8') === write.after) fs.rmSync(write.absPath);
      } else writeFileAtomic(write.absPath, write.before, write.after);
    } catch {
      restored = false;
    }
  }
  return restored;
}

/** Every write's outcome an error: the one that failed with its problem, the others naming it. */
function refuseAll(
  writes: PendingWrite[],
  failed: { write: PendingWrite; problem: string },
  outcomes: Map<string, FileOutcome>,
  texts: PlannedTexts | undefined,
  state: string,
): void {
  for (const write of writes) {
    texts?.delete(write.absPath);
    const message =
      write === failed.write
        ? `${write.file}: ${failed.problem}; ${state}: the files of a migration are written together or not at all`
        : `${write.file}: not written: ${failed.write.file} cannot be written (${failed.problem}), and the files of a migration are written together or not at all`;
    outcomes.set(write.absPath, {
      status: 'error',
      ...(write.whole ? { file: write.file } : {}),
      problem: { kind: 'write-error', message },
    });
  }
}

/**
 * Why a planned write cannot be made, checked before the first write: a path the tool must not write, a file that
 * is no longer as it was read, or that this user cannot replace (a read-only file, a folder it cannot write in).
 */
export function writeProblemOf(root: string, write: PendingWrite): string | undefined {
  const forbidden = forbiddenWrite(root, write.absPath);
  if (forbidden !== undefined) return forbidden;
  if (write.before === null) {
    if (fs.existsSync(write.absPath)) return 'created meanwhile by another process (a concurrent run?); left as it is';
    return folderProblem(nearestFolder(path.dirname(write.absPath)));
  }
  let real: string;
  try {
    real = fs.realpathSync(write.absPath);
    if (!fs.statSync(real).isFile()) return 'no longer a file';
  } catch (error) {
    return `cannot be read any more (${errorCode(error) ?? errorMessage(error)})`;
  }
  if ((fs.statSync(real).mode & 0o222) === 0) return 'read-only file (no write permission bit); left unchanged';
  if (!canWrite(real)) return 'not writable; left unchanged';
  if (fs.readFileSync(real, 'utf8') !== write.before)
    return 'changed on disk while the migration ran (after it was read); left as it is';
  return folderProblem(path.dirname(real));
}

/** A folder the new or replacing file must be created in: this user must be able to write in it. */
function folderProblem(dir: string): string | undefined {
  return canWrite(dir) ? undefined : `its folder ${dir} is not writable`;
}

function nearestFolder(dir: string): string {
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** What stops the journal's write, said for what it means here. */
function journalProblem(error: unknown): string {
  switch (errorCode(error)) {
    case 'EEXIST':
      return 'it appeared meanwhile: another migration may be running on this folder';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `the target folder is not writable (${errorCode(error)})`;
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return errorMessage(error);
  }
}
