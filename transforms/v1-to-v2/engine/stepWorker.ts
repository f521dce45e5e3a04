// The v1 step in a worker thread (see startV1ToV2 in ./step.ts): it loads the official codemod (and its
// TypeScript compiler) while the main thread discovers the files, then runs it on the v1 files the main thread
// sends, while the main thread loads its own compiler and parses the files the step leaves alone. One request,
// one answer (or the error), then the thread ends. A request naming `own` files is one part of a split run
// (splitCodemod.ts): the answer is that part, which the main thread merges with the other (finishCodemod.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { SourceFileEntry } from '../../../lib/files.js';

const { compileCacheDir } = (workerData ?? {}) as { compileCacheDir?: string };
if (compileCacheDir !== undefined) {
  const { enableCompileCache } = await import('../../../lib/compileCache.js');
  enableCompileCache(compileCacheDir);
}
const { runCodemodPart, runOfficialCodemod } = await import('./runOfficialCodemod.js');

parentPort!.once('message', (request: { root: string; files: SourceFileEntry[]; own?: string[] }) => {
  try {
    const { root, files, own } = request;
    parentPort!.postMessage(
      own ? { part: runCodemodPart(root, files, new Set(own)) } : { result: runOfficialCodemod(root, files) },
    );
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  parentPort!.close();
});
