import path from 'node:path';
import { createInMemoryProject } from './createInMemoryProject.js';
import { ts, type Project } from './tsMorph.cjs';
import type { Node, SourceFile } from 'ts-morph';
import { lineMapBetween, type LineAndColumn } from './lineMap.js';
import type { SourceFileEntry } from './files.js';
import { extensionOf, firstModuleCandidate, resolveDotted } from './moduleResolution.js';
import {
  COMPUTED_IMPORT,
  moduleFactsOf,
  reachOf,
  resolveFacts,
  sameFactsList,
  type ModuleFacts,
  type Reach,
} from './sdkReach.js';
import { screenBatch, screenFrom } from './screening.js';
import { NameSearch } from './nameSearch.js';
import {
  compilerFactoryOf,
  parseDiagnostics,
  sourceFileBinder,
  standardizedPathOf,
  type CompilerFactory,
} from './tsMorphInternals.js';

export { resolveDotted } from './moduleResolution.js';

export interface ParseProblem {
  file: string;
  message: string;
  line: number;
  column: number;
}

/**
 * The set of files under analysis, parsed on demand.
 *
 * Only files that may hold a site are parsed up front (the runner asks `sdkReach` which can); callers and
 * imported modules are parsed when the analysis asks for them (by name, through a cheap text index). Module
 * resolution is switched off in the compiler (`noResolve`, `noLib`) so that the answer never depends on what
 * `node_modules` holds: a fresh clone and an installed checkout are analysed the same way.
 */
export class AnalysisProject {
  readonly project: Project;
  private readonly entries = new Map<string, SourceFileEntry>();
  private readonly loaded = new Map<string, SourceFile>();
  readonly parseProblems = new Map<string, ParseProblem>();
  /** Files parsed (and bound) ahead of `load`, by the compiler's path: see `prepare`. */
  private readonly prepared = new Map<string, { text: string; node: ts.SourceFile }>();
  private readonly compilerFactory: CompilerFactory;
  private readonly standardizedPath: (absPath: string) => string;

  constructor(
    readonly root: string,
    entries: SourceFileEntry[],
    compilerOptions: ts.CompilerOptions = {},
    /** Packages besides the SDK's whose import makes a file's group worth analysing (frameworks built on the SDK). */
    private readonly reachModules: readonly string[] = [],
  ) {
    for (const entry of entries) this.entries.set(entry.absPath, entry);
    this.search = new NameSearch(() => [...this.entries.values()]);
    this.project = createInMemoryProject(compilerOptions, (containingFile, specifier) =>
      this.resolveRelative(containingFile, specifier),
    );
    // `load` hands ts-morph a file's text to parse; a file `prepare` parsed already is handed over as it is. The
    // parse is the one ts-morph would make (its own, through its document registry, with the same arguments): the
    // compiler's file, and everything built on it, is the same as when it is parsed on load.
    this.compilerFactory = compilerFactoryOf(this.project);
    this.standardizedPath = standardizedPathOf(this.project);
    const parse = this.compilerFactory.createCompilerSourceFileFromText.bind(this.compilerFactory);
    this.compilerFactory.createCompilerSourceFileFromText = (filePath, text, scriptKind) => {
      const early = this.prepared.get(filePath);
      if (early === undefined) return parse(filePath, text, scriptKind);
      this.prepared.delete(filePath);
      if (early.text !== text || scriptKind !== undefined) throw new Error(`${filePath}: prepared with another text`);
      return early.node;
    };
  }

  /**
   * Work that does not wait for texts still to come (the v1 step's output, while its worker runs): the word index
   * rows of every other file, and the parse and bind of `candidates` (files `load` will be asked for first). The
   * result is the same as without it; only the time moves. `pending` files must get their final text from
   * `replaceTexts` before anything else reads them.
   */
  prepare(candidates: string[], pending: ReadonlySet<string>): void {
    this.search.fillRows(pending);
    const options = this.project.getCompilerOptions();
    const bind = sourceFileBinder(ts);
    // Screened candidates are parsed a batch at a time: ahead, only the first batch (the others would all be held).
    for (const absPath of this.screens(candidates.length) ? candidates.slice(0, screenBatch()) : candidates) {
      const entry = this.entries.get(absPath);
      // ts-morph strips a byte order mark before parsing, and so does discovery (see SourceFileEntry.text): no text
      // begins with one; one that did anyway would be left to `load`.
      if (!entry || pending.has(absPath) || this.loaded.has(absPath) || entry.text.charCodeAt(0) === 0xfeff) continue;
      const filePath = this.standardizedPath(absPath);
      if (this.prepared.has(filePath)) continue;
      const node = this.compilerFactory.createCompilerSourceFileFromText(filePath, entry.text, undefined);
      this.prepared.set(filePath, { text: entry.text, node });
      // The checker binds each file of a program once (a bound file keeps its symbols): binding it now, with the
      // program's options, is what the first symbol query would do. A file that does not parse is never in a program.
      if (!parseDiagnostics(node)?.length) bind(node, options);
    }
  }

  /** Give `pending` files (see `prepare`) their final texts: only before anything read them. */
  replaceTexts(entries: SourceFileEntry[]): void {
    const search = this.search.replacing();
    for (const entry of entries) {
      if (!this.entries.has(entry.absPath)) continue;
      if (
        this.loaded.has(entry.absPath) ||
        this.parseProblems.has(entry.absPath) ||
        search.read(entry.absPath) ||
        this.computedImports !== undefined
      ) {
        throw new Error(`${entry.file}: its text was replaced after it was read`);
      }
      const before = this.entries.get(entry.absPath)!;
      if (before.text !== entry.text) this.userTexts.set(entry.absPath, before.text);
      this.entries.set(entry.absPath, entry);
      if (this.lastReach) this.lastReach.current = false;
      search.replace(entry);
    }
  }

  /** The user's texts of files whose analysed text is another (a pre-step's output), by absolute path. */
  private readonly userTexts = new Map<string, string>();
  private readonly lineMaps = new Map<string, (position: LineAndColumn) => LineAndColumn>();

  /**
   * Where a node starts in the file as the user has it (1-based line and column): the analysed text may be a
   * pre-step's output, whose lines are not the user's (see lineMap.ts). Every line a report, a message or a
   * marker's text names comes from here.
   */
  userPosition(node: Node): LineAndColumn {
    const sourceFile = node.getSourceFile();
    const position = sourceFile.getLineAndColumnAtPos(node.getStart());
    const absPath = sourceFile.getFilePath();
    const userText = this.userTexts.get(absPath);
    if (userText === undefined) return position;
    let map = this.lineMaps.get(absPath);
    if (!map) this.lineMaps.set(absPath, (map = lineMapBetween(userText, sourceFile.getFullText())));
    return map(position);
  }

  /** The user's text of a file whose analysed text is another (a pre-step's output); undefined for the others. */
  userTextOf(absPath: string): string | undefined {
    return this.userTexts.get(absPath);
  }

  /** The line of userPosition. */
  userLine(node: Node): number {
    return this.userPosition(node).line;
  }

  relative(absPath: string): string {
    return path.relative(this.root, absPath).split(path.sep).join('/');
  }

  /** The parsed file, parsing it on first use; undefined for files outside the analysed set or that do not parse. */
  load(absPath: string): SourceFile | undefined {
    const existing = this.loaded.get(absPath);
    if (existing) return existing;
    const entry = this.entries.get(absPath);
    if (!entry || this.parseProblems.has(absPath)) return undefined;
    const sourceFile = this.project.createSourceFile(absPath, entry.text);
    const syntaxError = firstSyntaxError(sourceFile);
    if (syntaxError) {
      this.parseProblems.set(absPath, { file: entry.file, ...syntaxError });
      this.project.removeSourceFile(sourceFile);
      return undefined;
    }
    this.loaded.set(absPath, sourceFile);
    this.unloaded.delete(absPath);
    return sourceFile;
  }

  /** The files parsed now, by absolute path (see `unloadExcept`). */
  loadedPaths(): ReadonlySet<string> {
    return new Set(this.loaded.keys());
  }

  /**
   * Let go of every parsed file but `keep` (a `loadedPaths` answer): each is out of the program, and `load` parses it
   * again when asked. Only for work whose every node is dropped with it (see transforms/mrtr/detect/screen.ts): a node
   * of a file let go can no longer be read.
   */
  unloadExcept(keep: ReadonlySet<string>): void {
    for (const [absPath, sourceFile] of this.loaded) {
      if (keep.has(absPath)) continue;
      this.project.removeSourceFile(sourceFile);
      this.loaded.delete(absPath);
      this.unloaded.add(absPath);
    }
  }

  /** Files parsed and let go (`unloadExcept`) that are not parsed now. */
  private readonly unloaded = new Set<string>();

  /** How many files the run parsed: those parsed now, and those it parsed and let go. */
  filesParsed(): number {
    return this.project.getSourceFiles().length + this.unloaded.size;
  }

  /**
   * Whether this many candidates are analysed a batch at a time (lib/screening.ts): from `screenFrom()`, and only when
   * name searches look at the SDK's reach (see limitSearchesTo). Every file is then a module, whose names reach another
   * file through a relative import, which the analysis follows by loading the file (symbols.declarationsOf); never
   * through which files the program happens to hold.
   */
  screens(candidateCount: number): boolean {
    return candidateCount >= screenFrom() && this.search.isLimited();
  }

  /** Files whose text mentions `name` as a whole word, parsed. Used to find callers and references by name. */
  filesMentioning(name: string): SourceFile[] {
    const files: SourceFile[] = [];
    for (const entry of this.search.entriesMentioning(name)) {
      const sourceFile = this.load(entry.absPath);
      if (sourceFile) files.push(sourceFile);
    }
    return files;
  }

  /** Whether a file that searches look at mentions `name` as a whole word (nothing is parsed). */
  mentions(name: string): boolean {
    return this.search.entriesMentioning(name).length > 0;
  }

  /** How many files that searches look at mention `name` as a whole word (nothing is parsed). */
  mentionCount(name: string): number {
    return this.search.entriesMentioning(name).length;
  }

  private computedImports: boolean | undefined;

  /** Whether any analysed file loads a module by a computed name (`import(\`./tools/${name}.js\`)`, `require(name)`). */
  hasComputedImports(): boolean {
    this.computedImports ??= [...this.entries.values()].some((entry) =>
      entry.scan ? entry.scan.facts.computedImport : COMPUTED_IMPORT.test(entry.text),
    );
    return this.computedImports;
  }

  /** What `sdkReach` reads of each text, kept per entry (an entry is replaced, not changed, when its text is). */
  private readonly moduleFacts = new WeakMap<SourceFileEntry, ModuleFacts>();

  /**
   * The files that can hold a site: those connected by relative imports, in either direction and through any
   * number of files, to a file that names an `@modelcontextprotocol` module (or imports one of the reach modules). A receiver is proven from an SDK
   * import only, through declarations, and declarations in another file are reached through relative imports
   * only (packages never resolve, see the class comment): a file outside every such group cannot hold a site,
   * so the runner does not parse it to look for one. Any quoted string that reads like a relative path counts
   * as an import (a comment or a plain string only adds a link, never removes one).
   * Undefined, every file counting, when names can cross files without an import: a file that is not a module
   * (no `import`, `export`, `require(`, `exports`) shares its top-level names with every file, `declare global`
   * adds to them, and a module loaded by a computed name (`import(\`./tools/${name}.js\`)`) links files no text shows.
   */
  sdkReach(): ReadonlySet<string> | undefined {
    return this.currentReach().files;
  }

  /**
   * The reach of the entries as they are: the last one until replaceTexts changes an entry (rootModulesOf asks once
   * per candidate, and each answer from the facts is a pass over every discovered file).
   */
  private currentReach(): Reach {
    const last = this.lastReach;
    if (last?.current) return last.reach;
    const entries = [...this.entries.values()];
    const facts = entries.map((entry) => this.moduleFactsOf(entry));
    // Asked again after the v1 step replaced its files' texts: the same links give the same answer.
    const reach = last && sameFactsList(facts, last.facts) ? last.reach : reachOf(entries, facts);
    this.lastReach = { facts, reach, current: true };
    return reach;
  }

  /** The last reach, from these facts; `current` until replaceTexts changes an entry. */
  private lastReach: { facts: ModuleFacts[]; reach: Reach; current: boolean } | undefined;

  /** The root modules (`@modelcontextprotocol`, the reach modules) named in the group of files linked to this one (see sdkReach). */
  rootModulesOf(absPath: string): ReadonlySet<string> {
    return this.currentReach().rootsOf(absPath);
  }

  private moduleFactsOf(entry: SourceFileEntry): ModuleFacts {
    let facts = this.moduleFacts.get(entry);
    if (!facts) {
      const resolve = (specifier: string) => this.resolvePath(entry.absPath, specifier);
      // A text discovery let go was read for these facts then (lib/textScan.ts).
      facts = entry.scan
        ? resolveFacts(entry.scan.facts, resolve)
        : moduleFactsOf(entry.text, resolve, this.reachModules);
      this.moduleFacts.set(entry, facts);
    }
    return facts;
  }

  /** Name searches (filesMentioning) over the word index. */
  private readonly search: NameSearch;

  /**
   * Name searches (callers, references, importers: `filesMentioning`) look at these files only; undefined: at all.
   * For the SDK's reach (see sdkReach), which is only given when every file is a module: a file that no relative
   * import links to a declaration cannot name it, so the files outside are neither indexed nor parsed for a search.
   */
  limitSearchesTo(files: ReadonlySet<string> | undefined): void {
    this.search.limitTo(files);
  }

  /** Files that default-import `target`, with the local name they give it. */
  defaultImportersOf(target: SourceFile): Array<{ file: SourceFile; name: string }> {
    const stem = path.basename(target.getFilePath()).replace(/\.[^.]+$/, '');
    const out: Array<{ file: SourceFile; name: string }> = [];
    for (const file of this.filesMentioning(stem)) {
      for (const declaration of file.getImportDeclarations()) {
        const local = declaration.getDefaultImport();
        if (!local) continue;
        const resolved = this.resolvePath(file.getFilePath(), declaration.getModuleSpecifierValue());
        if (resolved === target.getFilePath()) out.push({ file, name: local.getText() });
      }
    }
    return out;
  }

  /** Resolve a relative module specifier the way Node and TypeScript do (`./x.js` -> `./x.ts`), and parse the target. */
  loadModule(fromFile: string, specifier: string): SourceFile | undefined {
    const target = this.resolvePath(fromFile, specifier);
    return target ? this.load(target) : undefined;
  }

  /**
   * Resolved specifiers by folder, then specifier: every program rebuild resolves every file's imports again. Two
   * levels, so that no key string is built per file and specifier (the reach resolves every discovered file's).
   */
  private readonly resolved = new Map<string, Map<string, string | undefined>>();

  private resolvePath(fromFile: string, specifier: string): string | undefined {
    if (!specifier.startsWith('.')) return undefined;
    const dir = path.dirname(fromFile);
    let inDir = this.resolved.get(dir);
    if (!inDir) this.resolved.set(dir, (inDir = new Map()));
    if (inDir.has(specifier)) return inDir.get(specifier);
    const base = path.sep === '/' ? resolveDotted(dir, specifier) : path.resolve(dir, specifier);
    const candidate = firstModuleCandidate(base, (c) => this.entries.has(c));
    // The entry's own path, not the string built here: every file's links hold one, for the whole run.
    const found = candidate === undefined ? undefined : this.entries.get(candidate)!.absPath;
    inDir.set(specifier, found);
    return found;
  }

  private resolveRelative(containingFile: string, specifier: string): ts.ResolvedModuleFull | undefined {
    const resolved = this.resolvePath(containingFile, specifier);
    if (!resolved) return undefined;
    return { resolvedFileName: resolved, extension: extensionOf(resolved), isExternalLibraryImport: false };
  }
}

function firstSyntaxError(sourceFile: SourceFile): Omit<ParseProblem, 'file'> | undefined {
  // The parser's own errors (no type checking): see parseDiagnostics.
  const diagnostics = parseDiagnostics(sourceFile.compilerNode);
  const first = diagnostics?.[0];
  if (!first) return undefined;
  const { line, character } = sourceFile.compilerNode.getLineAndCharacterOfPosition(first.start);
  return { message: ts.flattenDiagnosticMessageText(first.messageText, ' '), line: line + 1, column: character + 1 };
}
