// Every use this package makes of ts-morph's private members, and of the internals of the TypeScript ts-morph bundles
// (`ts` from ts-morph is @ts-morph/common's copy of the compiler), as small typed functions. Each is tied to the exact
// ts-morph version pinned in package.json (no range: an upgrade is a deliberate change of that line); none is part of
// a public API, so any ts-morph release may rename or remove it. test/ts-morph-internals.test.ts exercises each one
// and fails when a member is missing or behaves otherwise, so that an upgrade is caught by the suite and not in a
// user's run. Each function says why it is needed: which public API is missing, or what the public way costs.
//
// No value is imported here (types only): a module may import these functions without loading ts-morph (the runner
// loads the compiler after discovery, see lib/parseProject.ts), and a function that needs the compiler is handed it.
import type { Node, Program, Project, SourceFile, ts } from 'ts-morph';

/** ts-morph's compiler factory (`project._context.compilerFactory`): what `compilerFactoryOf` gives. */
export interface CompilerFactory {
  /** Parses a text into the compiler's source file (through ts-morph's document registry), for a file being created. */
  createCompilerSourceFileFromText(
    filePath: string,
    text: string,
    scriptKind: ts.ScriptKind | undefined,
  ): ts.SourceFile;
}

/** What this module reads of ts-morph's project context (`project._context`). */
interface ProjectContext {
  fileSystemWrapper: { getStandardizedAbsolutePath(path: string): string };
  compilerFactory: CompilerFactory;
}

/**
 * The factory through which ts-morph parses every text it is given (`Project.createSourceFile` and the rest).
 * Needed because ts-morph has no public way to take a compiler source file parsed beforehand: `createSourceFile`
 * only takes a text and parses it then. `AnalysisProject` wraps `createCompilerSourceFileFromText` so that a file it
 * parsed (and bound) ahead of time, while the v1 step's worker runs, is handed over as it is; without it the parse
 * and bind of every candidate file would be on the critical path again, after the worker.
 */
export function compilerFactoryOf(project: Project): CompilerFactory {
  const factory = projectContext(project).compilerFactory;
  if (typeof factory?.createCompilerSourceFileFromText !== 'function')
    throw missing('project._context.compilerFactory.createCompilerSourceFileFromText');
  return factory;
}

/**
 * The path ts-morph keys a file by (and hands to `createCompilerSourceFileFromText`) for an absolute path. Needed to
 * find, from the factory's argument, the file parsed ahead of time; ts-morph has no public function for it, and
 * normalizing the path another way could give another key than ts-morph's for some path.
 */
export function standardizedPathOf(project: Project): (absPath: string) => string {
  const wrapper = projectContext(project).fileSystemWrapper;
  if (typeof wrapper?.getStandardizedAbsolutePath !== 'function')
    throw missing('project._context.fileSystemWrapper.getStandardizedAbsolutePath');
  return (absPath) => wrapper.getStandardizedAbsolutePath(absPath);
}

function projectContext(project: Project): ProjectContext {
  const context = (project as unknown as { _context?: ProjectContext })._context;
  if (context === undefined || context === null) throw missing('project._context');
  return context;
}

/** ts-morph's program wrapper: `_reset` takes the compiler host each rebuild uses. */
interface ProgramInternals {
  _reset(rootNames: readonly string[], host: ts.CompilerHost): void;
}

/**
 * Calls `hook` with the compiler host of each program rebuild (ts-morph rebuilds the program on every file added or
 * removed), before the rebuild. Needed because ts-morph's compiler host, which is not public, keeps no module
 * resolution cache: each rebuild asked again, for every file, which package.json scope holds it, walking up to the
 * root each time. The hook is where `AnalysisProject` gives the host TypeScript's own cache. ts-morph hands the host
 * to each rebuild through the program's `_reset` only.
 */
export function onProgramReset(program: Program, hook: (host: ts.CompilerHost) => void): void {
  const internals = program as unknown as ProgramInternals;
  if (typeof internals._reset !== 'function') throw missing('program._reset');
  const reset = internals._reset.bind(internals);
  internals._reset = (rootNames, host) => {
    hook(host);
    reset(rootNames, host);
  };
}

/**
 * TypeScript's binder for one file (`ts.bindSourceFile`), from the compiler `typescript`. Needed because the public
 * API binds a file only inside a type check (the checker binds each file of a program on its first symbol query):
 * binding a file ahead of time, with the program's options, moves that work off the critical path (see
 * `AnalysisProject.prepare`); the result is the same, a bound file keeps its symbols.
 */
export function sourceFileBinder(typescript: typeof ts): (file: ts.SourceFile, options: ts.CompilerOptions) => void {
  const bind = (
    typescript as unknown as { bindSourceFile?: (file: ts.SourceFile, options: ts.CompilerOptions) => void }
  ).bindSourceFile;
  if (typeof bind !== 'function') throw missing('ts.bindSourceFile');
  return bind;
}

/**
 * The parser's own errors for a file (TypeScript's `parseDiagnostics`: syntax only, no type checking), undefined if
 * the compiler no longer keeps them there. Needed because the public way, `program.getSyntacticDiagnostics`, needs a
 * program built around the file; a file parsed alone (`ts.createSourceFile`) has no public list of its errors.
 */
export function parseDiagnostics(file: ts.SourceFile): readonly ts.DiagnosticWithLocation[] | undefined {
  return (file as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics;
}

/**
 * ts-morph's node for a compiler node of `sourceFile` (the wrapper ts-morph keeps for it, made on first use).
 * Needed because ts-morph has no public way to wrap a compiler node found by walking the compiler's tree:
 * `createWrappedNode` builds a new project around it (another wrapper, not this project's), and
 * `sourceFile.getDescendantAtPos` wraps every node on the way down and lists each one's tokens (see
 * `identifierAt` in transforms/mrtr/symbols.ts, the most expensive call of the name searches when it used that).
 */
export function nodeFromCompilerNode(sourceFile: SourceFile, node: ts.Node): Node {
  return (sourceFile as unknown as { _getNodeFromCompilerNode(node: ts.Node): Node })._getNodeFromCompilerNode(node);
}

function missing(member: string): Error {
  return new Error(
    `ts-morph internals: ${member} is missing; lib/tsMorphInternals.ts is written for the ts-morph version pinned in package.json`,
  );
}
