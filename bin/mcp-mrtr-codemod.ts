#!/usr/bin/env node
import { createRequire } from 'node:module';
import type { Command } from 'commander';
import {
  checkWorkTree,
  earlyRunOptions,
  flagProblem,
  outputPathProblem,
  writeOutputFile,
  render,
  runAsked,
  runOptionsOf,
  transformFlags,
  type Flags,
  type TransformFlag,
} from '../lib/cli.js';
import { decideFailure, FAIL_ON_CHOICES } from '../lib/failOn.js';
import type { Report } from '../lib/model.js';
import type { Transform, TransformCatalogue } from '../lib/transform.js';
import { TOOL_NAME, TOOL_VERSION } from '../lib/version.js';

const EXIT_OK = 0;
const EXIT_FILE_ERRORS = 1;
const EXIT_USAGE = 2;

/** Repeatable list option: `--include a --include b` and `--include a,b` both give `[a, b]`. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [
    ...(previous ?? []),
    ...value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ];
}

/**
 * commander, loaded in main after the v1 step's worker has started; and required, not imported: it is CommonJS, and
 * importing it (through its ES module wrapper) makes Node scan it with the CommonJS export lexer.
 */
function loadCommander(): typeof import('commander') {
  return createRequire(import.meta.url)('commander') as typeof import('commander');
}

/** A transform option's flag (declared by its transform, see transformFlags) as a commander option. */
function transformOption({ Option }: typeof import('commander'), flag: TransformFlag): import('commander').Option {
  const option = new Option(flag.flag, flag.help);
  if (flag.choices) option.choices([...flag.choices]);
  if (flag.default !== undefined) option.default(flag.default);
  return option;
}

function buildProgram(commander: typeof import('commander'), transforms: readonly Transform[]): Command {
  const { Command, Option } = commander;
  const flags = transformFlags(transforms);
  const program = new Command()
    .name(TOOL_NAME)
    .description(
      'Find every push-style server->client request (elicitation, sampling, roots) in an MCP server built on the ' +
        'TypeScript SDK, classify where it runs, and report what the migration to MRTR (MCP 2026-07-28) will do with it.',
    )
    .version(TOOL_VERSION, '-V, --version')
    .argument('[paths...]', 'files or directories to process')
    .option('--dry-run', 'audit only: report every site and what the migration would do with it; never writes a file')
    .addOption(
      new Option(
        '--report <format>',
        'report format: text, JSON, a Markdown pull-request comment, or SARIF 2.1.0 for code scanning',
      )
        .choices(['text', 'json', 'markdown', 'sarif'])
        .default('text'),
    )
    .option('--output <file>', 'write the report to this file instead of stdout')
    .addOption(
      new Option(
        '--fail-on <level>',
        'exit 1 on: never; error (files that failed); changes (also: the migration would change a file); review (also: review items remain)',
      )
        .choices([...FAIL_ON_CHOICES])
        .default('error'),
    )
    .option(
      '--patch <file>',
      'with --dry-run: write the diff the migration would apply to this file, as a patch git apply accepts',
    )
    .option(
      '--link-base <url>',
      'with --report markdown: prefix of the file links, e.g. https://github.com/OWNER/REPO/blob/SHA/',
    )
    .option(
      '--include <glob>',
      'only process files matching this glob, relative to the target root (repeatable, or comma-separated)',
      collect,
    )
    .option(
      '--exclude <glob>',
      'skip files matching this glob, relative to the target root (repeatable, or comma-separated)',
      collect,
    )
    .option(
      '--include-tests',
      'also look for asks written in test files (*.test.*, *.spec.*, __tests__/, __mocks__/, __fixtures__/, test(s)/, spec/, e2e/, files the tsconfig excludes); their calls never decide a verdict either way',
    )
    .option(
      '--diff',
      'with --dry-run: print the unified diff the migration would apply (the report then goes to stderr)',
    )
    .option('--allow-dirty', 'migrate even when the git work tree has uncommitted changes');
  for (const flag of flags.switches) program.addOption(transformOption(commander, flag));
  program
    .option('--prettier', "format every changed file with prettier and the project's own prettier configuration")
    .option(
      '--no-prettier',
      'never format (default: a changed file is formatted when the target uses prettier and it was clean)',
    )
    .option(
      '--tsconfig <path>',
      'tsconfig.json whose compiler options are used (default: <root>/tsconfig.json when present)',
    );
  for (const flag of flags.folders) program.addOption(transformOption(commander, flag));
  return program
    .option('--verbose', 'show every call chain, guards, messages and timing')
    .option('--quiet', 'print nothing but errors (a --report other than text, without --output, still goes to stdout)')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
}

/** The registry (its options make flags); when a run is asked, the pre-steps it will use started first. */
async function loadTransforms(argv: string[]): Promise<readonly Transform[]> {
  if (!runAsked(argv)) return (await import('../transforms/index.js')).TRANSFORMS;
  // The pre-steps first (the v1 step's worker loads the official codemod while this thread does everything
  // else); the code cache before them, so that the worker loads its compiler through it too.
  const { enableCompileCache } = await import('../lib/compileCache.js');
  const [{ prestartSteps }, { TRANSFORMS }] = await Promise.all([
    import('../lib/startup.js'),
    import('../transforms/index.js'),
  ]);
  prestartSteps(TRANSFORMS, earlyRunOptions(argv, TRANSFORMS), enableCompileCache());
  return TRANSFORMS;
}

export async function main(argv: string[]): Promise<number> {
  const transforms = await loadTransforms(argv);
  const commander = loadCommander();
  const program = buildProgram(commander, transforms);
  try {
    program.parse(argv);
  } catch (error) {
    if (error instanceof commander.CommanderError) {
      if (
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
      )
        return EXIT_OK;
      return EXIT_USAGE;
    }
    throw error;
  }
  const flags = program.opts<Flags>();
  const paths = (program.processedArgs[0] as string[] | undefined) ?? [];
  const problem = flagProblem(flags, paths) ?? outputPathProblem(flags, paths);
  if (problem) return usage(problem);
  const started = performance.now();
  if (!flags.dryRun && !flags.allowDirty) {
    const tree = await checkWorkTree(paths, flags.quiet);
    if (tree.error) return usage(tree.error);
    if (tree.warning) process.stderr.write(`${TOOL_NAME}: ${tree.warning}\n`);
  }
  // Loaded here so that --help and --version do not pay for loading the TypeScript compiler; the code
  // cache first, so that the compiler is loaded through it.
  const { enableCompileCache } = await import('../lib/compileCache.js');
  enableCompileCache();
  const [{ audit, migrate, UsageError }, { createProgressBar }] = await Promise.all([
    import('../api/index.js'),
    import('../lib/progress.js'),
  ]);
  // A bar only for a person watching a terminal: never in CI logs or pipes, never with --quiet.
  const progress = flags.quiet ? undefined : createProgressBar(process.stderr);
  let report;
  try {
    const onProgress = progress && process.stderr.isTTY ? progress.update : undefined;
    const options = runOptionsOf(flags, paths, onProgress, transforms);
    if (!flags.quiet) options.onNotice = (message) => process.stderr.write(`${TOOL_NAME}: ${message}\n`);
    report = flags.dryRun ? await audit(options) : await migrate(options);
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    throw error;
  } finally {
    progress?.finish();
  }
  return writeOutcome(report, flags, transforms, started);
}

/**
 * The outcome of a run where the flags send it: the diff (stdout with --diff, the --patch file), the report, the
 * verbose timing line, the file errors --quiet would hide, and the --fail-on line; the exit code.
 */
async function writeOutcome(
  report: Report,
  flags: Flags,
  catalogues: readonly TransformCatalogue[],
  started: number,
): Promise<number> {
  const patch = report.files.map((f) => f.diff ?? '').join('');
  if (flags.diff) process.stdout.write(patch);
  if (flags.patch) await writeOutputFile(flags.patch, patch);
  const rendered = await render(report, flags, catalogues);
  if (flags.output) {
    await writeOutputFile(flags.output, rendered);
  } else if (flags.diff) {
    if (!flags.quiet) process.stderr.write(rendered);
  } else if (!flags.quiet || flags.report !== 'text') {
    process.stdout.write(rendered);
  }
  if (flags.verbose) {
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    process.stderr.write(
      `${TOOL_NAME}: ${report.totals.files} files, ${report.totals.filesParsed} parsed, in ${seconds} s\n`,
    );
  }
  for (const file of report.files) {
    if (file.status === 'error' && flags.quiet) process.stderr.write(`${TOOL_NAME}: ${file.problem?.message}\n`);
  }
  const verdict = decideFailure(report, flags.failOn);
  if (verdict.fail && verdict.why && flags.failOn !== 'error')
    process.stderr.write(`${TOOL_NAME}: failing: ${verdict.why}\n`);
  return verdict.fail ? EXIT_FILE_ERRORS : EXIT_OK;
}

/** A usage error: one line on stderr, exit 2. */
function usage(message: string): number {
  process.stderr.write(`${TOOL_NAME}: ${message}\n`);
  return EXIT_USAGE;
}

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A file system error (a report that cannot be written, a disk full) is the user's to fix: one line, no stack.
    const system = error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
    process.stderr.write(
      system
        ? `${TOOL_NAME}: ${error.message}\n`
        : `${TOOL_NAME}: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = EXIT_FILE_ERRORS;
  },
);
