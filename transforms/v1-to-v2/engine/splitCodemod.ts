// Whether the official codemod's run is split over two worker threads, and which files each one takes. The run costs
// about its files' size (ts-morph re-parses a file at every edit: 100-260 KB per second on the real repositories,
// ~34 ms per file of the bench tree). A second worker costs its own start (~0.4 s) and its own warm-up (a fresh V8
// isolate runs TypeScript cold: ~1.3 s of CPU on the official servers repository, whatever its share), which the first
// worker pays too, in parallel: with a free core the split saves about the smaller share's warm time, less the start;
// without one it costs that CPU (measured in bench/README.md, the v1 step over two worker threads). Nothing here loads
// the compiler: the main thread decides before it loads its own.
import os from 'node:os';
import type { SourceFileEntry } from '../../../lib/files.js';
import { codemodInputs } from '../ids.js';

/** Below this many bytes of files for the official codemod, its run stays in one worker thread. */
export const SPLIT_MIN_BYTES = 250_000;
/**
 * The share of the run the first worker (started before discovery, warm when the files arrive) takes on top of half:
 * the bytes it gets through while the second one starts (~0.4-0.5 s of Node start and compiler load).
 */
export const HEAD_START_BYTES = 40_000;

/** What the split asks of the machine: its cores, and the run queue's length over the last minute. */
export interface MachineLoad {
  cores: number;
  load: number;
}

function machineLoad(): MachineLoad {
  // Windows reports a load of 0: the split then depends on the cores alone.
  return { cores: os.availableParallelism(), load: os.loadavg()[0]! };
}

/**
 * The relative paths of the step's input files each of the two parts takes, the first worker's first (with the files
 * the codemod does not read); undefined when the run stays in one thread: under SPLIT_MIN_BYTES, one core, or no core idle on
 * average over the last minute (load average above the cores less one: there a second worker only adds its CPU,
 * measured 0.6-0.9x on a 2-core machine at load 5-12). `threads` is `MCP_MRTR_V1_STEP_THREADS`: `1` never splits, `2`
 * splits whenever there are two files, whatever the load (halves by size, no head start).
 */
export function splitCodemodFiles(
  inputs: SourceFileEntry[],
  threads = process.env.MCP_MRTR_V1_STEP_THREADS,
  machine: MachineLoad = machineLoad(),
): [string[], string[]] | undefined {
  const files = codemodInputs(inputs);
  if (threads === '1' || files.length < 2) return undefined;
  const sizeOf = (entry: SourceFileEntry) => entry.text.length;
  const bytes = files.reduce((sum, entry) => sum + sizeOf(entry), 0);
  if (threads !== '2' && (bytes < SPLIT_MIN_BYTES || machine.cores < 2 || machine.load > machine.cores - 1))
    return undefined;
  // The largest first, each to the part with less to do: the first part starts ahead by the second's start.
  const bySize = files
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => sizeOf(b.entry) - sizeOf(a.entry) || a.index - b.index);
  const loads = [threads === '2' ? 0 : -HEAD_START_BYTES, 0];
  const owner = new Map<SourceFileEntry, number>();
  for (const { entry } of bySize) {
    const part = loads[0]! <= loads[1]! ? 0 : 1;
    owner.set(entry, part);
    loads[part]! += sizeOf(entry);
  }
  const parts: [string[], string[]] = [[], []];
  for (const entry of files) parts[owner.get(entry)!]!.push(entry.file);
  // Every file in one part (one file larger than the rest together): nothing to split.
  if (parts[1].length === 0 || parts[0].length === 0) return undefined;
  // The files the codemod does not read (their repairs alone) go with the first part.
  for (const entry of inputs) if (!owner.has(entry)) parts[0].push(entry.file);
  return parts;
}
