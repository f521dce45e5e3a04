// A file whose planning throws is that file's error, never the run's (as jscodeshift and the official codemod do):
// the transforms catch what one file's planning throws, give it to the runner as that file's failure, and plan the
// other files as usual; the runner reports the file as an `error` (`plan-error`) and leaves it exactly as it was.

/** What a transform reports of a file it could not plan: the message the report shows, by absolute path. */
export type PlanFailures = Map<string, string>;

/**
 * An error that is the run's, never one file's: what the run read no longer holds (a text changed on disk during the
 * run). The planners let it through, and the run stops.
 */
export class RunError extends Error {}

/** An exception raised while planning one file (or a handler group of it), carrying that file. */
export class FilePlanError extends Error {
  constructor(
    readonly absPath: string,
    readonly cause: unknown,
  ) {
    super(causeText(cause));
    this.name = 'FilePlanError';
  }
}

/**
 * Run one file's share of a plan: what it throws becomes a FilePlanError for `absPath`, unless it already is one
 * (a nested share knows its own file better).
 */
export function attributed<T>(absPath: string, plan: () => T): T {
  try {
    return plan();
  } catch (error) {
    if (error instanceof FilePlanError || error instanceof RunError) throw error;
    throw new FilePlanError(absPath, error);
  }
}

/** The report's message for a file whose planning threw: the file, the step, the exception's own words (no stack). */
export function planFailureMessage(file: string, step: string, error: unknown): string {
  const cause = error instanceof FilePlanError ? error.cause : error;
  return `${file}: ${step} failed on this file (${causeText(cause)}); left unchanged`;
}

/**
 * Test hook (never set it in real use): `MCP_MRTR_TEST_THROW_IN_V1_STEP=<file>` makes the v1-to-v2 step throw while it
 * repairs that file (a path relative to the target root, `/`-separated), `MCP_MRTR_TEST_THROW_IN_PLAN=<file>` makes
 * the MRTR planner throw while it plans a handler group of an ask in that file. The isolation tests use them to fail
 * one file without depending on a bug.
 */
export function throwIfTestHook(hook: 'v1-step' | 'plan', file: string): void {
  const named = process.env[hook === 'v1-step' ? 'MCP_MRTR_TEST_THROW_IN_V1_STEP' : 'MCP_MRTR_TEST_THROW_IN_PLAN'];
  if (named !== undefined && named === file) throw new Error(`test hook: planning ${file} throws`);
}

function causeText(cause: unknown): string {
  if (cause instanceof Error) return `${cause.name === 'Error' ? '' : `${cause.name}: `}${cause.message}`;
  return String(cause);
}

/**
 * The files the pre-steps and the planners could not plan, by absolute path (the first message of each), with every
 * edit planned for them dropped from the plan and their pre-step texts left out of `applied` (the texts to apply):
 * such a file is left exactly as it was.
 */
export function takePlanFailures(
  outputs: Iterable<{ failed?: PlanFailures }>,
  plan: { edits: Map<string, unknown>; failed?: PlanFailures },
  stepTexts: Map<string, string>,
): { failed: PlanFailures; applied: Map<string, string> } {
  const failed: PlanFailures = new Map();
  for (const source of [...outputs, plan])
    for (const [absPath, message] of source.failed ?? []) if (!failed.has(absPath)) failed.set(absPath, message);
  if (failed.size === 0) return { failed, applied: stepTexts };
  for (const absPath of failed.keys()) plan.edits.delete(absPath);
  return { failed, applied: new Map([...stepTexts].filter(([absPath]) => !failed.has(absPath))) };
}

/** Each failed file's outcome: an `error` whose problem (`plan-error`) is its message. */
export function reportPlanFailures(
  failed: PlanFailures,
  outcomes: Map<string, { status: string; problem?: { kind: string; message: string } }>,
): void {
  for (const [absPath, message] of failed)
    outcomes.set(absPath, { status: 'error', problem: { kind: 'plan-error', message } });
}
