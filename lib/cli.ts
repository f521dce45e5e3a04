// What the CLI does besides parsing and printing: the early look at the command line (to start the pre-steps before
// commander loads), the checks between flags, the gate on a dirty work tree, the run's options, and rendering.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isAncestorOrSelf } from './filePaths.js';
import { canWrite, isRepositoryMetadata, realpathOrSelf } from './writePaths.js';
import type { RunOptions } from './runner.js';
import type { FailOn } from './failOn.js';
import type { Report } from './model.js';
import type { OptionValue, Transform, TransformCatalogue } from './transform.js';
import { TOOL_NAME } from './version.js';

/** The flags as commander parses them (see bin/mcp-mrtr-codemod.ts). */
export interface Flags {
  dryRun?: boolean;
  report: 'text' | 'json' | 'markdown' | 'sarif';
  output?: string;
  failOn: FailOn;
  patch?: string;
  linkBase?: string;
  include?: string[];
  exclude?: string[];
  includeTests?: boolean;
  tsconfig?: string;
  verbose?: boolean;
  quiet?: boolean;
  diff?: boolean;
  allowDirty?: boolean;
  prettier?: boolean;
  /** The transforms' options, by the attribute name commander gives their flags (see transformFlags). */
  [transformOption: string]: unknown;
}

/** Whether the raw command line asks for a run (a path, no --help, no --version): read before commander is loaded. */
export function runAsked(argv: string[]): boolean {
  const args = argv.slice(2);
  return (
    args.some((arg) => !arg.startsWith('-')) && !args.some((arg) => ['-h', '--help', '-V', '--version'].includes(arg))
  );
}

/**
 * The transforms' switches a run will have, read from the raw command line before commander is loaded (so that the
 * pre-steps start first): a `--no-<name>` switch is on unless given, another is on when given. The other options
 * (choices, folders) keep their defaults here: they do not decide which pre-steps start.
 */
export function earlyRunOptions(argv: string[], transforms: readonly Transform[]): Record<string, boolean> {
  const args = argv.slice(2);
  const options: Record<string, boolean> = {};
  for (const transform of transforms)
    for (const [name, option] of Object.entries(transform.options ?? {})) {
      if (option.type !== 'boolean') continue;
      if (option.cli.flag.startsWith('--no-')) options[name] = !args.includes(option.cli.flag);
      else if (args.includes(option.cli.flag)) options[name] = true;
    }
  return options;
}

/** A transform option's CLI flag as bin adds it to the program (commander's `Option`). */
export interface TransformFlag {
  /** The flag as commander reads it (`--strategy <kind>`). */
  flag: string;
  help: string;
  choices?: readonly string[];
  /** Shown in the help and set when the flag is not given (a choice's); a `--no-` switch is on without it. */
  default?: string;
}

/**
 * The CLI flags of the transforms' options (their declarations, lib/transform.ts), in the two places `--help` lists
 * them: folders beside `--tsconfig` (the other path), the rest after the run's own switches; each group by flag, as a
 * reader scans them, not in run order.
 */
export function transformFlags(transforms: readonly Transform[]): {
  switches: TransformFlag[];
  folders: TransformFlag[];
} {
  const switches: TransformFlag[] = [];
  const folders: TransformFlag[] = [];
  // An option two transforms declare (the same declaration) is one flag.
  const declared = new Set<unknown>();
  for (const transform of transforms)
    for (const option of Object.values(transform.options ?? {})) {
      if (declared.has(option)) continue;
      declared.add(option);
      const { flag, help } = option.cli;
      if (option.type === 'folder') folders.push({ flag, help });
      else if (option.type === 'choice')
        switches.push({ flag, help, choices: option.choices, default: option.default });
      else switches.push({ flag, help });
    }
  const byFlag = (a: TransformFlag, b: TransformFlag) => (a.flag < b.flag ? -1 : a.flag > b.flag ? 1 : 0);
  return { switches: switches.sort(byFlag), folders: folders.sort(byFlag) };
}

/** The name commander gives a flag's value (`--no-v1-to-v2` -> `v1ToV2`, `--runtime-dir <dir>` -> `runtimeDir`). */
function attributeOf(flag: string): string {
  return flag
    .split(' ')[0]!
    .replace(/^--(?:no-)?/, '')
    .replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** The usage error of a flag combination, or undefined when the flags go together. */
export function flagProblem(flags: Flags, paths: string[]): string | undefined {
  if (paths.length === 0)
    return `missing path: name the server repository or files to process, e.g. \`${TOOL_NAME} --dry-run .\``;
  if (flags.verbose && flags.quiet) return '--verbose and --quiet cannot be used together';
  if (!flags.dryRun && flags.diff)
    return '--diff needs --dry-run (a migration writes the files; review it with git diff)';
  if (!flags.dryRun && flags.patch)
    return '--patch needs --dry-run (a migration writes the files; get its patch with git diff)';
  return undefined;
}

/**
 * The usage error of `--output` or `--patch`, checked before any work: the folder must exist and be writable, the
 * file (when it exists) must be a writable file, and its real path (links followed, as a write would follow them)
 * must not be repository metadata (`.git/…`) nor a file of a target that the run reads or that the project owns: a
 * source file (by its extension), a `package.json`, a `tsconfig`/`jsconfig` file, the migration journal, or any file
 * git tracks there; nor the other option's file.
 */
export function outputPathProblem(flags: Flags, paths: string[]): string | undefined {
  const given = [
    ['--output', flags.output],
    ['--patch', flags.patch],
  ].filter((pair): pair is [string, string] => pair[1] !== undefined);
  for (const [flag, file] of given) {
    const abs = path.resolve(file);
    const dir = path.dirname(abs);
    if (!isDirectory(dir)) return `${flag}: the folder does not exist: ${path.dirname(file)}`;
    if (!canWrite(dir)) return `${flag}: the folder is not writable: ${path.dirname(file)}`;
    if (fs.existsSync(abs)) {
      if (!fs.statSync(abs).isFile()) return `${flag}: not a file: ${file}`;
      if (!canWrite(abs)) return `${flag}: the file is not writable: ${file}`;
    }
    const real = realPathOf(abs);
    if (isRepositoryMetadata(real)) return `${flag}: would overwrite repository metadata (.git): ${file}`;
    const inTarget = paths.some((target) => isAncestorOrSelf(realpathOrSelf(path.resolve(target)), real));
    if (inTarget && (isProjectFile(real) || isTrackedFile(real)))
      return `${flag}: would overwrite a file of the target: ${file}${real === abs ? '' : ` (through a link to ${real})`}`;
  }
  if (given.length === 2 && realPathOf(path.resolve(given[0]![1])) === realPathOf(path.resolve(given[1]![1])))
    return `--output and --patch name the same file: ${given[0]![1]}`;
  return undefined;
}

/** Files a run reads or a project owns by their name: sources, manifests, compiler configurations, the journal. */
function isProjectFile(file: string): boolean {
  const name = path.basename(file);
  return (
    /\.(?:[cm]?[jt]sx?)$/.test(name) ||
    name === 'package.json' ||
    /^[jt]sconfig(?:\..*)?\.json$/.test(name) ||
    name === '.mcp-mrtr-migration.json'
  );
}

/** Whether git tracks this existing file (false for a new file, outside a repository, or without git). */
function isTrackedFile(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const result = spawnSync('git', ['ls-files', '--error-unmatch', '--', path.basename(file)], {
    cwd: path.dirname(file),
    stdio: 'ignore',
  });
  return result.status === 0;
}

/** Where a write to `abs` lands: its real path, or its folder's real path and its name when it does not exist yet. */
function realPathOf(abs: string): string {
  return fs.existsSync(abs) ? realpathOrSelf(abs) : path.join(realpathOrSelf(path.dirname(abs)), path.basename(abs));
}

/**
 * Write a report or patch file by replacing it (a temp file renamed over its real path): a file that is a hard link
 * of another keeps the other's content, so no name of a source ever receives a report.
 */
export async function writeOutputFile(file: string, text: string): Promise<void> {
  const { createFileAtomic, writeFileAtomic } = await import('./writeFileAtomic.js');
  const real = realPathOf(path.resolve(file));
  if (fs.existsSync(real)) writeFileAtomic(real, text);
  else createFileAtomic(real, text);
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Before a migration: its diff must be reviewable on its own, so a dirty git work tree stops it (unless
 * --allow-dirty). Returns the error to print, and a warning when a path is not in a git repository.
 */
export async function checkWorkTree(
  paths: string[],
  quiet: boolean | undefined,
): Promise<{ error?: string; warning?: string }> {
  const { checkWorkTrees } = await import('./gitCheck.js');
  const states = checkWorkTrees(paths);
  const dirty = states.filter((s) => s.repo && s.dirty.length > 0);
  if (dirty.length > 0) {
    const list = dirty.flatMap((s) => s.dirty.slice(0, 20).map((f) => `  ${s.repo}/${f}`)).join('\n');
    // An interrupted migration leaves its journal (lib/journal.ts): the way on is to run again, not to stash.
    const interrupted = dirty.some((s) => s.dirty.some((f) => f.split('/').pop() === '.mcp-mrtr-migration.json'));
    if (interrupted)
      return {
        error: `an interrupted migration was found (.mcp-mrtr-migration.json): run again with --allow-dirty to finish it:\n${list}`,
      };
    return {
      error: `the git work tree has uncommitted changes; commit or stash them, or pass --allow-dirty:\n${list}`,
    };
  }
  if (states.some((s) => !s.repo) && !quiet)
    return {
      warning: 'warning: not inside a git repository; files are changed in place with no history to compare against',
    };
  return {};
}

/** The library options of a run with these flags: the runner's own, and each transform option given a value. */
export function runOptionsOf(
  flags: Flags,
  paths: string[],
  onProgress: RunOptions['onProgress'] | undefined,
  transforms: readonly Transform[],
): RunOptions {
  const transformOptions: Record<string, OptionValue> = {};
  for (const transform of transforms)
    for (const [name, option] of Object.entries(transform.options ?? {})) {
      const value = flags[attributeOf(option.cli.flag)] as OptionValue;
      if (value !== undefined) transformOptions[name] = value;
    }
  return {
    paths,
    include: flags.include,
    exclude: flags.exclude,
    ...(flags.includeTests ? { includeTests: true } : {}),
    tsconfig: flags.tsconfig,
    diff: flags.diff || flags.patch !== undefined,
    prettier: flags.prettier,
    ...transformOptions,
    ...(onProgress ? { onProgress } : {}),
  };
}

/** The report in the format the flags ask for; each renderer loads when asked. */
export async function render(report: Report, flags: Flags, catalogues: readonly TransformCatalogue[]): Promise<string> {
  switch (flags.report) {
    case 'json':
      return (await import('./report/toJson.js')).toJson(report);
    case 'markdown': {
      const { repoRelativePrefix } = await import('./repoPath.js');
      return (await import('./report/toMarkdown.js')).toMarkdown(report, catalogues, {
        linkPrefix: (flags.linkBase ?? '') + repoRelativePrefix(report.root),
      });
    }
    case 'sarif': {
      const { repoRelativePrefix } = await import('./repoPath.js');
      return (await import('./report/toSarif.js')).toSarif(report, catalogues, {
        pathPrefix: repoRelativePrefix(report.root),
      });
    }
    default:
      return (await import('./report/toText.js')).toText(report, { verbose: flags.verbose });
  }
}
