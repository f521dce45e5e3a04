/**
 * Helpers shared by the file discovery test files (`test/files-*.test.ts`): temp trees built from a spec, and the
 * names of the files a discovery found. Each test file removes its temp dirs after all its tests (`removeTempDirs`).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DiscoveryResult } from '../../lib/files.js';

const tempDirs: string[] = [];

/** A fresh temp dir (real path, so expectations about absolute paths hold on every platform). */
export function tempDir(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-files-')));
  tempDirs.push(dir);
  return dir;
}

/** Create files: keys are posix paths relative to `base`; a key ending in '/' makes a directory. */
export function tree(base: string, spec: Record<string, string | Buffer>): string {
  for (const [rel, content] of Object.entries(spec)) {
    const abs = path.join(base, ...rel.split('/'));
    if (rel.endsWith('/')) {
      fs.mkdirSync(abs, { recursive: true });
    } else {
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, content);
    }
  }
  return base;
}

export function names(result: DiscoveryResult): string[] {
  return result.files.map((f) => f.file);
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) {
    // Restore permissions changed by tests so that cleanup works for non-root users too.
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      /* best effort */
    }
  }
}
