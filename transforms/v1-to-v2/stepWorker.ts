// The v1 step in a worker thread (see startV1ToV2 in ./step.ts): it loads the official codemod (and its
// TypeScript compiler) while the main thread discovers the files, then runs it on the v1 files the main thread
// sends, while the main thread loads its own compiler and parses the files the step leaves alone. One request,
// one answer (or the error), then the thread ends.
import { parentPort, workerData } from 'node:worker_threads';
import type { SourceFileEntry } from '../../lib/files.js';

const { compileCacheDir } = (workerData ?? {}) as { compileCacheDir?: string };
if (compileCacheDir !== undefined) {
  const { enableCompileCache } = await import('../../lib/compileCache.js');
  enableCompileCache(compileCacheDir);
}
const { runOfficialCodemod } = await import('./runOfficialCodemod.js');

parentPort!.once('message', (request: { root: string; files: SourceFileEntry[] }) => {
  try {
    parentPort!.postMessage({ result: runOfficialCodemod(request.root, request.files) });
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  parentPort!.close();
});
