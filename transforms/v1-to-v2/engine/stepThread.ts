// One worker thread of the v1 step (stepWorker.ts): started, asked once, answered once. step.ts starts one before
// discovery, and a second one after it when the official codemod's run is split (splitCodemod.ts).
import { Worker } from 'node:worker_threads';
import type { CodemodPart, V1ToV2Result } from './finishCodemod.js';

/** What a worker answers: the step's result (a whole run), a part of a split run, or the error. */
export interface StepAnswer {
  result?: V1ToV2Result;
  part?: CodemodPart;
  error?: string;
}

export interface StepThread {
  worker: Worker;
  /** Its answer; rejected with the reason when it fails, crashes or stops without one. */
  answer: Promise<StepAnswer>;
  /** Stop it (safe at any time, and more than once). */
  close(): void;
}

/** Start the worker script, or undefined when no worker can be started. */
export function startStepThread(script: string, compileCacheDir: string | undefined): StepThread | undefined {
  let worker: Worker;
  try {
    worker = new Worker(script, { workerData: { compileCacheDir } });
  } catch {
    return undefined;
  }
  let settled = false;
  let closed = false;
  const answer = new Promise<StepAnswer>((resolve, reject) => {
    worker.on('message', (message: StepAnswer) => {
      settled = true;
      if (message.result || message.part) resolve(message);
      else reject(new Error(`the official v1-to-v2 codemod failed: ${message.error ?? 'no answer'}`));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(
        new Error(
          `the official v1-to-v2 codemod's worker thread failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        ),
      );
    });
    worker.once('exit', (code) => {
      if (!settled)
        reject(
          new Error(`the official v1-to-v2 codemod's worker thread stopped without an answer (exit code ${code})`),
        );
      settled = true;
    });
  });
  // A failure matters only to a caller that plans (a run that failed before closes the worker).
  answer.catch(() => {});
  const close = () => {
    if (closed) return;
    closed = true;
    void worker.terminate();
  };
  return { worker, answer, close };
}
