/** A migration by the built CLI killed with SIGKILL while it writes. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTree } from './support/fixtures.js';
import { CLI, removeTemps, run, tempTree, tool } from './support/robustness.js';

afterEach(removeTemps);

describe('robustness: SIGKILL while writing', () => {
  const COUNT = 150;
  const names = Array.from({ length: COUNT }, (_, i) => `t${String(i).padStart(3, '0')}.ts`);

  /** Start a migration, kill it with SIGKILL `delayMs` after the first file changed on disk; resolve with how many files it had replaced. */
  function migrateAndKill(dir: string, original: string, delayMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, '--allow-dirty', '--quiet', dir], { stdio: 'ignore' });
      const first = path.join(dir, names[0]!);
      const poll = setInterval(() => {
        let text = original;
        try {
          text = fs.readFileSync(first, 'utf8');
        } catch {
          // between unlink and rename is impossible with rename(2); keep polling
        }
        if (text !== original) {
          clearInterval(poll);
          setTimeout(() => child.kill('SIGKILL'), delayMs);
        }
      }, 1);
      child.on('exit', () => {
        clearInterval(poll);
        resolve();
      });
      child.on('error', reject);
    });
  }

  it('leaves every file either original or fully migrated, and a rerun completes the migration', async () => {
    const files = Object.fromEntries(names.map((n) => [n, tool(n.replace('.ts', ''))]));
    const reference = tempTree(files);
    expect(run(['--allow-dirty', '--quiet', reference]).code).toBe(0);
    const migrated = readTree(reference);
    expect(Object.values(migrated).every((t) => t.includes('inputRequired('))).toBe(true);

    let interrupted = 0;
    for (const delayMs of [0, 25]) {
      const dir = tempTree(files);
      await migrateAndKill(dir, files[names[0]!]!, delayMs);
      const after = readTree(dir);
      const states = names.map((n) =>
        after[n] === files[n] ? 'original' : after[n] === migrated[n] ? 'migrated' : 'corrupt',
      );
      expect(states.filter((s) => s === 'corrupt')).toEqual([]);
      // Nothing but the sources, the run's journal (lib/journal.ts) and, at most, the temp file of the write in flight.
      expect(
        Object.keys(after)
          .filter((f) => !names.includes(f))
          .every((f) =>
            /^(\.t\d{3}\.ts|\.mcp-mrtr-migration\.json)\.mrtr-\d+-[a-z0-9]+\.tmp$|^\.mcp-mrtr-migration\.json$/.test(f),
          ),
      ).toBe(true);
      const done = states.filter((s) => s === 'migrated').length;
      if (done > 0 && done < COUNT) interrupted++;

      // The interrupted tree migrates to the same result as an uninterrupted run.
      expect(run(['--allow-dirty', '--quiet', dir]).code).toBe(0);
      const finished = readTree(dir);
      for (const n of names) expect(finished[n], n).toBe(migrated[n]);
      expect(Object.keys(finished).sort()).toEqual(Object.keys(migrated).sort());
    }
    // At least one kill landed while files were being replaced (not before the first, not after the last).
    expect(interrupted).toBeGreaterThan(0);
  }, 240_000);
});
