// The transform contract: what a transform tells the runner and the reports about itself. The runner and the
// report renderers know transforms only through it; the list of transforms (the registry) is
// `transforms/index.ts`, and the package entries (`api/`, `bin/`) hand it to them. lib/ never imports a transform.
import type { TextEdit } from './edits.js';
import type { SourceFileEntry } from './files.js';
import type { Check, Finding, Site } from './model.js';
import type { AnalysisProject } from './project.js';

/** One reason id's entry in a catalogue: what was found, and what the server author should do about it. */
export interface ReasonInfo {
  /** One line: what was found. */
  message: string;
  /** What the server author should do about it. */
  advice: string;
  /** How loud a finding with this reason is in SARIF (default `warning`). */
  level?: 'error' | 'warning' | 'note';
}

/** A transform's reason ids: the source of truth for every reason it reports (README, SARIF rules, Markdown advice). */
export type ReasonCatalogue = Readonly<Record<string, ReasonInfo>>;

/** How a report names a site the migration rewrites (a SARIF rule of its own, `<transform>/rewrite`). */
export interface RewriteRule {
  /** What the rule reports, one line. */
  message: string;
  description: string;
  /** What to do, as plain text and as Markdown. */
  advice: string;
  adviceMarkdown: string;
  /** The README anchor that explains the rewrite (`the-explicit-rewrite`). */
  helpAnchor: string;
}

/** What the reports need of a transform: its id and its catalogues. */
export interface TransformCatalogue {
  id: string;
  reasons: ReasonCatalogue;
  rewriteRule?: RewriteRule;
  /**
   * The reason id (in `reasons`) of a site the plan rewrites in a file the run could not change (the file failed
   * to re-parse or to be written, or was skipped): the report says `review` with it, never `rewritten`.
   */
  unappliedReason?: string;
}

/** A value an option may take: a switch, a choice, a folder. */
export type OptionValue = boolean | string | undefined;

/** A transform's option values by name, as the runner hands them (see TransformOption). */
export type OptionValues = { readonly [name: string]: OptionValue };

/** How the CLI spells an option: the flag as commander reads it (`--strategy <kind>`, `--no-v1-to-v2`), its help. */
export interface OptionFlag {
  flag: string;
  help: string;
}

/**
 * A switch. Its `default` is the library's. In the CLI, a flag spelled `--no-<name>` turns it off, and it is on unless
 * that flag is given (the v1-to-v2 step: off in the library, on in the CLI); a flag spelled `--<name>` turns it on,
 * and without it the default holds.
 */
export interface BooleanOption {
  type: 'boolean';
  default: boolean;
  cli: OptionFlag;
}

/** One of a few words (`--strategy auto|explicit|replay`). */
export interface ChoiceOption<V extends string = string> {
  type: 'choice';
  choices: readonly V[];
  default: V;
  cli: OptionFlag;
}

/**
 * A folder inside the target root, given relative to it: the runner resolves it against the root (absolute) before
 * the planner sees it, and a folder outside the root, in repository metadata or reached through a link that leads out
 * is a usage error naming the flag. No default: unset, the transform chooses.
 */
export interface FolderOption {
  type: 'folder';
  cli: OptionFlag;
}

/** The declaration of an option whose values are `V`: a switch for a boolean, a choice for a union of words. */
export type TransformOption<V = OptionValue> = [V] extends [boolean]
  ? BooleanOption
  : [V] extends [string]
    ? string extends V
      ? FolderOption
      : ChoiceOption<V>
    : BooleanOption | ChoiceOption | FolderOption;

/**
 * A transform's options, declared by name (the name is the library's option, `AuditOptions.strategy`): the runner
 * hands each transform the values of its own, defaults applied, and the CLI's flags come from them.
 */
export type OptionDeclarations<O> = { readonly [K in keyof O]-?: TransformOption<Exclude<O[K], undefined>> };

/** What a planner is given by the runner besides the project and its options. */
export interface PlanContext {
  /** Whether a file is a test file (lib/testFiles.ts): its calls never decide where a helper runs. */
  isTestFile: (absPath: string) => boolean;
}

/** A transform's plan over the candidate files: the sites it found, and what it changes. */
export interface TransformPlan {
  sites: Site[];
  /** Edits per absolute file path: what the migration applies (and the dry run shows). */
  edits: Map<string, TextEdit[]>;
  /**
   * Whole files to create, or to replace entirely (e.g. a generated runtime module), by absolute path: the full new
   * text. A path must not also have `edits`.
   */
  files?: Map<string, string>;
  /**
   * Files whose planning threw (lib/planFailure.ts), by absolute path: the message the report shows. The runner
   * reports each as an `error` and leaves it as it was (any edit planned for it is dropped); the plan holds the rest.
   */
  failed?: Map<string, string>;
}

/**
 * Plans over the analysis project: synchronous, once its modules are loaded (see PlannerRole.load). `options` are its
 * transform's option values (defaults applied, folders resolved against the root).
 */
export type Planner<O = OptionValues> = (
  project: AnalysisProject,
  candidates: string[],
  options: O,
  context: PlanContext,
) => TransformPlan;

/** The planner role: which files may hold the transform's work, and the planner over them. */
export interface PlannerRole<O = OptionValues> {
  /**
   * A cheap test of a file's text: false means the text cannot hold this transform's work, so the file is never
   * parsed for it; true, that discovery holds its text (see Transform.readsText). Must not load the compiler.
   */
  mayHoldWork(text: string): boolean;
  /** Load the planner's modules (the compiler, the analysis); the runner loads them while the pre-steps run. */
  load(): Promise<Planner<O>>;
}

/**
 * A step that runs before the planning transforms, on the files it reads, and hands them its output texts (the
 * v1-to-v2 step: the official codemod's output is what the MRTR transform analyses). It may start before the files
 * are discovered (a worker thread that loads its engine meanwhile), and it finishes after every plan is applied.
 */
export interface PreStep<O = OptionValues> {
  /**
   * Whether a run with these option values (its transform's, defaults applied; a folder as given: the root is not
   * known yet) uses it. Unset: every run.
   */
  enabled?(options: O): boolean;
  /** Start it ahead of any run (the CLI, first thing): the next `start` takes what this started. */
  prestart?(context: PreStepContext): void;
  /** Start it for one run, before discovery. */
  start(context: PreStepContext): PreStepRun;
}

export interface PreStepContext {
  /** The V8 code cache directory of this process (lib/compileCache.ts), for threads the step starts. */
  compileCacheDir?: string;
}

export interface PreStepRun {
  /** The discovered files it reads (and may give new texts). */
  inputs(files: SourceFileEntry[]): SourceFileEntry[];
  /**
   * Run it on the discovered files whose texts discovery held (once per run); meanwhile the runner parses what it does
   * not read. `all` is every discovered file: a released one's text is read again from disk on each use, so it is
   * read only where its word row (`scan.words`) may hold what is looked for.
   */
  plan(root: string, files: SourceFileEntry[], all?: SourceFileEntry[]): Promise<PreStepOutput>;
  /** Work on the texts it does not read, done while it runs, for its finish (called once, before the plan settles). */
  whileRunning?(files: SourceFileEntry[]): void;
  /** Stop whatever it started (the run failed, or the output arrived): safe to call at any time. */
  close(): void;
}

export interface PreStepOutput {
  /** Its output per changed file (absolute path): what the planning transforms analyse instead of the disk text. */
  texts: Map<string, string>;
  /**
   * Files whose step threw (lib/planFailure.ts), by absolute path: the message the report shows. They keep their disk
   * text for the planners, and the runner reports each as an `error` and leaves it as it was.
   */
  failed?: Map<string, string>;
}

/** What a verify step is given: the run's changes, each file's text before and after (absolute paths). */
export interface VerifyContext {
  root: string;
  /** The tsconfig the run was given (`--tsconfig`), else undefined (then `<root>/tsconfig.json`). */
  tsconfig?: string;
  /** The text each changed file has now (on disk), by absolute path; absent for files the run creates. */
  before: Map<string, string>;
  /** The text each changed or created file has after the run. */
  after: Map<string, string>;
  /** The pre-steps' output texts (the v1 step's), by absolute path: where a change came from. */
  stepTexts: Map<string, string>;
  /** Whether a file (absolute path) is one of the run's, inside its target: only those may be repaired. Unset: all. */
  inRun?: (absPath: string) => boolean;
}

/**
 * The verify role: after every change of the run is planned (created files included) and before anything is
 * written, a check of the result as a whole (the project's type check), as findings and one summary line.
 */
export interface VerifyStep<O = OptionValues> {
  /** Whether a run with these option values (its transform's, defaults applied) verifies. Unset: every run. */
  enabled?(options: O): boolean;
  run(context: VerifyContext): Promise<VerifyResult>;
}

export interface VerifyResult {
  findings: Finding[];
  check?: Check;
  /**
   * Files whose migrated text the step changed (the type check's repairs of errors the migration introduced), by
   * absolute path: a changed file's new text, or the text of a project file the run did not change until then.
   */
  repaired?: Map<string, string>;
  /** Findings of other roles that the repairs resolved (an official codemod marker on a call they migrated). */
  resolved?: ResolvedFinding[];
}

/** A finding named by where it is: its transform, reason, file (root-relative) and the user's line. */
export interface ResolvedFinding {
  transform: string;
  reason: string;
  file: string;
  line: number;
}

/** What a transform adds at the end of a run: whole files to write (package.json), and findings. */
export interface TransformFinish {
  files: Map<string, string>;
  findings: Finding[];
}

/**
 * One transform: its catalogue, its options, and its roles: a planner, a pre-step, a verify step (any of them), and
 * a finish. `O` is the option values its roles read (`{ strategy?: Strategy }`), declared in `options`.
 */
export interface Transform<O = OptionValues> extends TransformCatalogue {
  /**
   * Its options, by name: what the library accepts for it, the CLI's flags, and what its roles are given. Another
   * transform's option that its roles read too is declared here with that transform's own declaration (the same
   * object): the CLI has one flag for it, and each transform is handed its value.
   */
  options?: OptionDeclarations<O>;
  /**
   * Packages besides the SDK's (frameworks built on it) whose import makes a file, and the files linked to it by
   * relative imports, worth analysing (see AnalysisProject.sdkReach).
   */
  reachModules?: readonly string[];
  /**
   * Texts this transform reads in full besides those its planner's `mayHoldWork` passes: its pre-step's inputs, what
   * its finish reads, a file naming a module it may create. Discovery lets go of every text no transform reads
   * (keeping its word index row, see lib/textScan.ts): pre-steps and finishes never see those files, and a name
   * search reads one again from disk. Unset: none. Must not load the compiler.
   */
  readsText?(text: string): boolean;
  planner?: PlannerRole<O>;
  preStep?: PreStep<O>;
  verify?: VerifyStep<O>;
  /**
   * After every plan is applied, from the final texts (absolute path -> text), whether or not the pre-step ran:
   * `output` is what this transform's own pre-step planned in this run, if it ran. `userTexts` holds the text as the
   * user has it of each file the run changes (absolute path -> text): a finding found in a final text points at a
   * line of it (lib/findings.ts `inUserLines`).
   */
  finish?(
    root: string,
    finalTexts: Map<string, string>,
    output: PreStepOutput | undefined,
    userTexts: ReadonlyMap<string, string>,
  ): TransformFinish;
}

/** Every catalogue of a report's transforms, looked up by `transform/reason`. */
export function adviceOf(
  catalogues: readonly TransformCatalogue[],
  transform: string,
  reason: string,
): string | undefined {
  return catalogues.find((c) => c.id === transform)?.reasons[reason]?.advice;
}
