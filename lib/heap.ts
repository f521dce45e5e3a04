// Full garbage collections where a run knows it has just let a lot go, on large trees only: V8 otherwise lets its old
// generation grow to several times the live size before it collects, and the peak memory follows what a run
// allocated rather than what it holds (bench/README.md, the memory rounds).
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/** From how many discovered files a run collects the garbage of reading them before it analyses (runner.ts). */
export const LARGE_TREE_FILES = 10_000;

let collect: (() => void) | undefined;
let liveAfterLast = 0;

/**
 * A full collection, unless the heap holds less than half as much again as the last one left. Used after discovery
 * of a large tree (the texts read and let go, the walk's lists) and after each screening batch (lib/screening.ts: its
 * syntax trees and its program).
 */
export function collectGarbage(): void {
  const used = v8.getHeapStatistics().used_heap_size;
  if (liveAfterLast > 0 && used < liveAfterLast * 1.5) return;
  if (!collect) {
    // `gc` is given to a new context once the flag is set; the process's own global stays as it was.
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
  liveAfterLast = v8.getHeapStatistics().used_heap_size;
}
