// Start-up plumbing, kept out of the pipeline: the compiler loaded on first use, and the pre-steps started before
// discovery (a pre-step's worker thread loads its engine while this thread discovers and parses).
import type { ts } from 'ts-morph';
import { compileCacheDir } from './compileCache.js';
import { optionValuesOf } from './optionValues.js';
import type { PreStepOutput, PreStepRun, Transform } from './transform.js';

let typescript: typeof ts | undefined;

/** The TypeScript compiler (ts-morph's), loaded on first use. */
export async function loadTypeScript(): Promise<typeof ts> {
  typescript ??= (await import('./tsMorph.cjs')).ts;
  return typescript;
}

/** A pre-step started for a run, with its transform. */
export interface StartedStep {
  transform: Transform;
  run: PreStepRun;
}

/** Whether a run with these options (the library's: each transform reads its own) uses the transform's pre-step. */
function usesPreStep(transform: Transform, options: object): boolean {
  return transform.preStep !== undefined && (transform.preStep.enabled?.(optionValuesOf(transform, options)) ?? true);
}

/**
 * Start every pre-step the options enable, first thing in a run, before discovery. A step the CLI prestarted (see
 * prestartSteps) is taken over here.
 */
export function startPreSteps(transforms: readonly Transform[], options: object): StartedStep[] {
  const enabled = transforms.filter((t) => usesPreStep(t, options));
  if (enabled.length === 0) return [];
  const context = { compileCacheDir: compileCacheDir() };
  return enabled.map((transform) => ({ transform, run: transform.preStep!.start(context) }));
}

/**
 * Start the pre-steps a run with these options will use before the run exists (the CLI does, first thing, once the
 * code cache is on): they load while the command line is parsed, and cost nothing but the start if no run comes.
 */
export function prestartSteps(transforms: readonly Transform[], options: object, cacheDir: string | undefined): void {
  for (const transform of transforms)
    if (usesPreStep(transform, options)) transform.preStep!.prestart?.({ compileCacheDir: cacheDir });
}

/** The texts of every pre-step's output, by absolute path (pre-steps read disjoint files). */
export function stepTextsOf(outputs: readonly PreStepOutput[]): Map<string, string> {
  if (outputs.length === 1) return outputs[0]!.texts;
  const texts = new Map<string, string>();
  for (const output of outputs) {
    for (const [absPath, text] of output.texts) {
      if (texts.has(absPath)) throw new Error(`two pre-steps changed ${absPath}`);
      texts.set(absPath, text);
    }
  }
  return texts;
}
