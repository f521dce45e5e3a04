import path from 'node:path';
import { Project, ts } from './tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import type { SourceFileEntry } from './files.js';
import { compilerFactoryOf, onProgramReset, parseDiagnostics, sourceFileBinder, standardizedPathOf, type CompilerFactory } from './tsMorphInternals.js';

const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const JS_TO_TS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.jsx': ['.tsx', '.jsx'],
  '.mjs': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
};

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
  private readonly mentionCache = new Map<string, SourceFileEntry[]>();
  readonly parseProblems = new Map<string, ParseProblem>();
  /** Files parsed (and bound) ahead of `load`, by the compiler's path: see `prepare`. */
  private readonly prepared = new Map<string, { text: string; node: ts.SourceFile }>();
  private readonly compilerFactory: CompilerFactory;
  private readonly standardizedPath: (absPath: string) => string;

  constructor(
    readonly root: string,
    entries: SourceFileEntry[],
    compilerOptions: ts.CompilerOptions = {},
  ) {
    for (const entry of entries) this.entries.set(entry.absPath, entry);
    this.project = new Project({
      // Texts come from discovery; the compiler never touches the disk. (With the real file system,
      // ts-morph's createSourceFile would read and parse each file from disk before parsing our text.)
      useInMemoryFileSystem: true,
      skipAddingFilesFromTsConfig: true,
      skipFileDependencyResolution: true,
      skipLoadingLibFiles: true,
      // Only relative imports between analysed files resolve; packages never do. This keeps the answer
      // independent of node_modules and keeps the disk out of every program rebuild.
      resolutionHost: () => ({
        resolveModuleNames: (moduleNames, containingFile) => moduleNames.map((name) => this.resolveRelative(containingFile, name)),
        resolveTypeReferenceDirectives: (names) => names.map(() => undefined),
      }),
      compilerOptions: {
        ...compilerOptions,
        allowJs: true,
        checkJs: false,
        noResolve: true,
        noLib: true,
        noEmit: true,
        types: [],
        jsx: compilerOptions.jsx ?? ts.JsxEmit.Preserve,
        module: compilerOptions.module ?? ts.ModuleKind.NodeNext,
        moduleResolution: compilerOptions.moduleResolution ?? ts.ModuleResolutionKind.NodeNext,
        target: compilerOptions.target ?? ts.ScriptTarget.ES2022,
      },
    });
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
    // Each program rebuild (a file added) asks, for every file, which package.json scope holds it (its module format
    // under NodeNext), and ts-morph's compiler host has no module resolution cache to keep the answers: every ask
    // walked up to the root again. TypeScript's own cache keeps them for the run (the in-memory files never change;
    // module names still resolve through resolveRelative). ts-morph hands its host to each rebuild (onProgramReset).
    let cache: ts.ModuleResolutionCache | undefined;
    onProgramReset(this.project.getProgram(), (host) => {
      cache ??= ts.createModuleResolutionCache(host.getCurrentDirectory(), (name) => host.getCanonicalFileName(name), this.project.getCompilerOptions());
      host.getModuleResolutionCache ??= () => cache;
    });
  }

  /**
   * Work that does not wait for texts still to come (the v1 step's output, while its worker runs): the word index
   * rows of every other file, and the parse and bind of `candidates` (files `load` will be asked for first). The
   * result is the same as without it; only the time moves. `pending` files must get their final text from
   * `replaceTexts` before anything else reads them.
   */
  prepare(candidates: string[], pending: ReadonlySet<string>): void {
    this.indexRows(pending);
    const options = this.project.getCompilerOptions();
    const bind = sourceFileBinder(ts);
    for (const absPath of candidates) {
      const entry = this.entries.get(absPath);
      // ts-morph strips a byte order mark before parsing; such a rare file is left to `load`.
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
    const rows = this.wordIndex ? new Map(this.wordIndex.entries.map((entry, row) => [entry.absPath, row])) : undefined;
    for (const entry of entries) {
      const row = rows?.get(entry.absPath);
      if (!this.entries.has(entry.absPath)) continue;
      if (this.loaded.has(entry.absPath) || this.parseProblems.has(entry.absPath) || (row !== undefined && this.wordIndex!.filled[row] === 1) || this.mentionCache.size > 0 || this.computedImports !== undefined) {
        throw new Error(`${entry.file}: its text was replaced after it was read`);
      }
      this.entries.set(entry.absPath, entry);
      if (row !== undefined) this.wordIndex!.entries[row] = entry;
    }
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
    return sourceFile;
  }

  /** Files whose text mentions `name` as a whole word, parsed. Used to find callers and references by name. */
  filesMentioning(name: string): SourceFile[] {
    let hits = this.mentionCache.get(name);
    if (!hits) {
      hits = this.searchCorpus(name);
      this.mentionCache.set(name, hits);
    }
    const files: SourceFile[] = [];
    for (const entry of hits) {
      const sourceFile = this.load(entry.absPath);
      if (sourceFile) files.push(sourceFile);
    }
    return files;
  }

  private computedImports: boolean | undefined;

  /** Whether any analysed file loads a module by a computed name (`import(\`./tools/${name}.js\`)`, `require(name)`). */
  hasComputedImports(): boolean {
    this.computedImports ??= [...this.entries.values()].some((entry) => COMPUTED_IMPORT.test(entry.text));
    return this.computedImports;
  }

  /** What `sdkReach` reads of each text, kept per entry (an entry is replaced, not changed, when its text is). */
  private readonly moduleFacts = new WeakMap<SourceFileEntry, ModuleFacts>();

  /**
   * The files that can hold a site: those connected by relative imports, in either direction and through any
   * number of files, to a file that names an `@modelcontextprotocol` module. A receiver is proven from an SDK
   * import only, through declarations, and declarations in another file are reached through relative imports
   * only (packages never resolve, see the class comment): a file outside every such group cannot hold a site,
   * so the runner does not parse it to look for one. Any quoted string that reads like a relative path counts
   * as an import (a comment or a plain string only adds a link, never removes one).
   * Undefined, every file counting, when names can cross files without an import: a file that is not a module
   * (no `import`, `export`, `require(`, `exports`) shares its top-level names with every file, `declare global`
   * adds to them, and a module loaded by a computed name (`import(\`./tools/${name}.js\`)`) links files no text shows.
   */
  sdkReach(): ReadonlySet<string> | undefined {
    const entries = [...this.entries.values()];
    const facts = entries.map((entry) => this.moduleFactsOf(entry));
    // Asked again after the v1 step replaced its files' texts: the same links give the same answer.
    const last = this.lastReach;
    if (last && last.facts.length === facts.length && facts.every((f, index) => sameModuleFacts(f, last.facts[index]!))) return last.reach;
    const reach = reachOf(entries, facts);
    this.lastReach = { facts, reach };
    return reach;
  }

  private lastReach: { facts: ModuleFacts[]; reach: ReadonlySet<string> | undefined } | undefined;

  private moduleFactsOf(entry: SourceFileEntry): ModuleFacts {
    let facts = this.moduleFacts.get(entry);
    if (!facts) {
      const text = entry.text;
      const links = new Set<string>();
      for (RELATIVE_SPECIFIER.lastIndex = 0; ; ) {
        const match = RELATIVE_SPECIFIER.exec(text);
        if (!match) break;
        const target = this.resolvePath(entry.absPath, match[2]!);
        if (target !== undefined) links.add(target);
      }
      facts = {
        links: [...links],
        namesSdk: text.includes('@modelcontextprotocol'),
        sharesNames: !MODULE_SYNTAX.test(text) || text.includes('declare global') || COMPUTED_IMPORT.test(text),
      };
      this.moduleFacts.set(entry, facts);
    }
    return facts;
  }

  private searchScope: { files: ReadonlySet<string> | undefined; rows?: Uint8Array } = { files: undefined };

  /**
   * Name searches (callers, references, importers: `filesMentioning`) look at these files only; undefined: at all.
   * For the SDK's reach (see sdkReach), which is only given when every file is a module: a file that no relative
   * import links to a declaration cannot name it, so the files outside are neither indexed nor parsed for a search.
   */
  limitSearchesTo(files: ReadonlySet<string> | undefined): void {
    if (this.mentionCache.size > 0) throw new Error('the search scope changed after a search');
    this.searchScope = { files };
  }

  /** 1 for each word index row that searches look at (see limitSearchesTo). */
  private scopeRows(index: WordIndex): Uint8Array | undefined {
    const scope = this.searchScope;
    if (!scope.files) return undefined;
    scope.rows ??= Uint8Array.from(index.entries, (entry) => (scope.files!.has(entry.absPath) ? 1 : 0));
    return scope.rows;
  }

  private wordIndex: WordIndex | undefined;

  /** The word index, with a row for every file searches look at but `skip` (those are filled on a later call). */
  private indexRows(skip?: ReadonlySet<string>): WordIndex {
    if (!this.wordIndex) {
      const entries = [...this.entries.values()];
      this.wordIndex = { entries, blooms: new Uint32Array(entries.length * BLOOM_WORDS), filled: new Uint8Array(entries.length), unfilled: entries.length };
    }
    const index = this.wordIndex;
    const inScope = this.scopeRows(index);
    if (index.unfilled > 0) {
      for (let row = 0; row < index.entries.length; row++) {
        if (index.filled[row] === 1 || inScope?.[row] === 0 || skip?.has(index.entries[row]!.absPath)) continue;
        fillRow(index.blooms, row, index.entries[row]!.text);
        index.filled[row] = 1;
        index.unfilled--;
      }
    }
    return index;
  }

  /**
   * Entries whose text holds `name` as a whole word. A Bloom filter of every file's words (built in one
   * pass over all texts, on the first search) rules most files out without reading them; the files it
   * lets through are checked exactly. Same answer as scanning every text, at a fraction of the cost
   * when a large tree is searched for many names.
   */
  private searchCorpus(name: string): SourceFileEntry[] {
    const index = this.indexRows();
    const { entries, blooms } = index;
    const inScope = this.scopeRows(index);
    // The filter holds maximal runs of word characters: a name with others (a file stem like `tool-utils`) is searched in full.
    const filtered = name.length > 0 && [...name].every((c) => isWordChar(c.charCodeAt(0)));
    const [a, b] = bloomBits(wordHash(name, 0, name.length));
    const found: SourceFileEntry[] = [];
    for (let i = 0; i < entries.length; i++) {
      if (inScope?.[i] === 0) continue;
      const base = i * BLOOM_WORDS;
      if (filtered && ((blooms[base + (a >>> 5)]! & (1 << (a & 31))) === 0 || (blooms[base + (b >>> 5)]! & (1 << (b & 31))) === 0)) continue;
      if (holdsWord(entries[i]!.text, name)) found.push(entries[i]!);
    }
    return found;
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

  /** Resolved specifiers by folder and specifier: every program rebuild resolves every file's imports again. */
  private readonly resolved = new Map<string, string | undefined>();

  private resolvePath(fromFile: string, specifier: string): string | undefined {
    if (!specifier.startsWith('.')) return undefined;
    const dir = path.dirname(fromFile);
    const key = `${dir}\0${specifier}`;
    if (this.resolved.has(key)) return this.resolved.get(key);
    const base = path.sep === '/' ? resolveDotted(dir, specifier) : path.resolve(dir, specifier);
    const found = firstModuleCandidate(base, (candidate) => this.entries.has(candidate));
    this.resolved.set(key, found);
    return found;
  }

  private resolveRelative(containingFile: string, specifier: string): ts.ResolvedModuleFull | undefined {
    const resolved = this.resolvePath(containingFile, specifier);
    if (!resolved) return undefined;
    return { resolvedFileName: resolved, extension: extensionOf(resolved), isExternalLibraryImport: false };
  }
}

interface ModuleFacts {
  /** The analysed files that quoted strings reading like relative module paths (`'./tools.js'`, `"../lib"`, `'.'`) name. */
  links: string[];
  /** The text names an `@modelcontextprotocol` package. */
  namesSdk: boolean;
  /** Names of this file reach others without an import (see `AnalysisProject.sdkReach`). */
  sharesNames: boolean;
}

const RELATIVE_SPECIFIER = /(['"`])(\.\.?(?:\/[^'"`\r\n]*)?)\1/g;
const MODULE_SYNTAX = /\b(?:import|export)\b|\brequire\s*\(|\bexports\b/;
const COMPUTED_IMPORT = /\b(?:import|require)\(\s*[^'"\s)]/;

/** See AnalysisProject.sdkReach: the files in a group (linked by `links`, either way) with a file that names the SDK. */
function reachOf(entries: SourceFileEntry[], facts: ModuleFacts[]): ReadonlySet<string> | undefined {
  if (facts.some((f) => f.sharesNames)) return undefined;
  const row = new Map(entries.map((entry, index) => [entry.absPath, index]));
  const parent = entries.map((_, index) => index);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const seeds: number[] = [];
  for (const [index, { namesSdk, links }] of facts.entries()) {
    if (namesSdk) seeds.push(index);
    for (const link of links) parent[find(index)] = find(row.get(link)!);
  }
  const reached = new Set(seeds.map(find));
  return new Set(entries.filter((_, index) => reached.has(find(index))).map((entry) => entry.absPath));
}

function sameModuleFacts(a: ModuleFacts, b: ModuleFacts): boolean {
  return a === b || (a.namesSdk === b.namesSdk && a.sharesNames === b.sharesNames && a.links.length === b.links.length && a.links.every((link, index) => link === b.links[index]));
}

/** 4096 bits per file: about 2% false positives for a file of 300 distinct words. */
const BLOOM_BITS = 4096;
const BLOOM_WORDS = BLOOM_BITS / 32;

interface WordIndex {
  /** The analysed files, in order; row `i` of `blooms` is file `i`'s filter. */
  entries: SourceFileEntry[];
  blooms: Uint32Array;
  filled: Uint8Array;
  unfilled: number;
}

/** The Bloom filter row of one file's words: each maximal run of word characters hashed as `wordHash` does, in one pass. */
function fillRow(blooms: Uint32Array, row: number, text: string): void {
  const base = row * BLOOM_WORDS;
  let hash = FNV_OFFSET;
  let inWord = false;
  for (let at = 0, length = text.length; at < length; at++) {
    const code = text.charCodeAt(at);
    if (isWordChar(code)) {
      hash = Math.imul(hash ^ code, FNV_PRIME);
      inWord = true;
    } else if (inWord) {
      setBits(blooms, base, hash >>> 0);
      hash = FNV_OFFSET;
      inWord = false;
    }
  }
  if (inWord) setBits(blooms, base, hash >>> 0);
}

function setBits(blooms: Uint32Array, base: number, hash: number): void {
  const [a, b] = bloomBits(hash);
  blooms[base + (a >>> 5)] |= 1 << (a & 31);
  blooms[base + (b >>> 5)] |= 1 << (b & 31);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 code units of `text[start, end)`. */
function wordHash(text: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

function bloomBits(hash: number): [number, number] {
  return [hash & (BLOOM_BITS - 1), (hash >>> 12) & (BLOOM_BITS - 1)];
}

/** Whether `name` occurs in `text` as a whole word (no word character on either side). */
function holdsWord(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    if (!isWordChar(text.charCodeAt(at - 1)) && !isWordChar(text.charCodeAt(at + name.length))) return true;
  }
  return false;
}

function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36 || code > 127;
}

const KNOWN_EXTENSIONS: Record<string, ts.Extension> = {
  '.ts': ts.Extension.Ts,
  '.tsx': ts.Extension.Tsx,
  '.mts': ts.Extension.Mts,
  '.cts': ts.Extension.Cts,
  '.js': ts.Extension.Js,
  '.jsx': ts.Extension.Jsx,
  '.mjs': ts.Extension.Mjs,
  '.cjs': ts.Extension.Cjs,
};

function extensionOf(file: string): ts.Extension {
  return KNOWN_EXTENSIONS[path.extname(file)] ?? ts.Extension.Ts;
}

/**
 * `path.resolve(dir, specifier)` for an absolute, normalized posix `dir` and a specifier that starts with `./` or
 * `../` steps (the usual import), without path.resolve's general normalization (a third of a large tree's
 * link scan); anything else (`a/./b`, `a//b`, a trailing slash) goes to path.resolve.
 */
export function resolveDotted(dir: string, specifier: string): string {
  let base = dir;
  let rest = specifier;
  for (;;) {
    if (rest === '' || rest === '.') return base;
    if (rest === '..') return path.dirname(base);
    if (rest.startsWith('./')) rest = rest.slice(2);
    else if (rest.startsWith('../')) {
      base = path.dirname(base);
      rest = rest.slice(3);
    } else break;
  }
  if (rest.startsWith('.') || rest.startsWith('/') || rest.includes('/.') || rest.includes('//') || rest.endsWith('/')) return path.resolve(dir, specifier);
  return base === '/' ? `/${rest}` : `${base}/${rest}`;
}

/** The first of the paths `base` may name as a module (`./x.js` -> `./x.ts`, `./x`, `./x/index.ts`) that `exists`. */
function firstModuleCandidate(base: string, exists: (candidate: string) => boolean): string | undefined {
  const ext = path.extname(base);
  const mapped = JS_TO_TS[ext];
  if (mapped) {
    const stem = base.slice(0, -ext.length);
    for (const m of mapped) if (exists(stem + m)) return stem + m;
  }
  if (RESOLVE_EXTENSIONS.includes(ext) && exists(base)) return base;
  for (const e of RESOLVE_EXTENSIONS) if (exists(base + e)) return base + e;
  for (const e of RESOLVE_EXTENSIONS) {
    const index = path.join(base, 'index' + e);
    if (exists(index)) return index;
  }
  return undefined;
}

function firstSyntaxError(sourceFile: SourceFile): Omit<ParseProblem, 'file'> | undefined {
  // The parser's own errors (no type checking): see parseDiagnostics.
  const diagnostics = parseDiagnostics(sourceFile.compilerNode);
  const first = diagnostics?.[0];
  if (!first) return undefined;
  const { line, character } = sourceFile.compilerNode.getLineAndCharacterOfPosition(first.start);
  return { message: ts.flattenDiagnosticMessageText(first.messageText, ' '), line: line + 1, column: character + 1 };
}
