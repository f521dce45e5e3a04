// The temp copies the v1 step makes for the official codemod (runOfficialCodemod), and the removal of those that runs
// killed mid-step left behind. The removal lists the whole temp folder, which may hold tens of thousands of entries
// (100-150 ms): the worker-thread path lists it in the background while the worker runs the codemod.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAlive } from '../../../lib/journal.js';

/** A copy is `<tmpdir>/mcp-mrtr-v1-to-v2-<pid>-<random>`: the process id lets a later run tell a stale one. */
export const COPY_PREFIX = 'mcp-mrtr-v1-to-v2-';

/** The copies among `names` (of the temp folder) whose process is gone. A copy without a process id (an older version's) is left alone. */
function staleCopies(names: string[]): string[] {
  return names.filter((name) => {
    if (!name.startsWith(COPY_PREFIX)) return false;
    const pid = Number(/^(\d+)-/.exec(name.slice(COPY_PREFIX.length))?.[1]);
    return pid > 0 && !isAlive(pid);
  });
}

/** Remove the copies of runs that were killed before they removed their own. */
export function removeStaleCopies(): void {
  let names: string[];
  try {
    names = fs.readdirSync(os.tmpdir());
  } catch {
    return;
  }
  for (const name of staleCopies(names)) removeCopy(name);
}

/** The same, listing the temp folder off this thread: what the worker-thread path awaits beside the worker's answer. */
export async function removeStaleCopiesAsync(): Promise<void> {
  let names: string[];
  try {
    names = await fs.promises.readdir(os.tmpdir());
  } catch {
    return;
  }
  for (const name of staleCopies(names)) removeCopy(name);
}

function removeCopy(name: string): void {
  try {
    fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  } catch {
    // Another user's, or gone meanwhile: not ours to insist on.
  }
}
