import path from 'node:path';
import { Project, ts } from './tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import type { SourceFileEntry } from './files.js';

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
 * Only files that may hold a site are parsed up front; callers and imported modules are parsed when the
 * analysis asks for them (by name, through a cheap text index). Module resolution is switched off in the
 * compiler (`noResolve`, `noLib`) so that the answer never depends on what `node_modules` holds: a fresh
 * clone and an installed checkout are analysed the same way.
 */
export class AnalysisProject {
  readonly project: Project;
  private readonly entries = new Map<string, SourceFileEntry>();
  private readonly loaded = new Map<string, SourceFile>();
  private readonly mentionCache = new Map<string, SourceFileEntry[]>();
  readonly parseProblems = new Map<string, ParseProblem>();

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
    this.computedImports ??= [...this.entries.values()].some((entry) => /\b(?:import|require)\(\s*[^'"\s)]/.test(entry.text));
    return this.computedImports;
  }

  private wordIndex: { entries: SourceFileEntry[]; blooms: Uint32Array } | undefined;

  /**
   * Entries whose text holds `name` as a whole word. A Bloom filter of every file's words (built in one
   * pass over all texts, on the first search) rules most files out without reading them; the files it
   * lets through are checked exactly. Same answer as scanning every text, at a fraction of the cost
   * when a large tree is searched for many names.
   */
  private searchCorpus(name: string): SourceFileEntry[] {
    this.wordIndex ??= buildWordIndex([...this.entries.values()]);
    const { entries, blooms } = this.wordIndex;
    // The filter holds maximal runs of word characters: a name with others (a file stem like `tool-utils`) is searched in full.
    const filtered = name.length > 0 && [...name].every((c) => isWordChar(c.charCodeAt(0)));
    const [a, b] = bloomBits(wordHash(name, 0, name.length));
    const found: SourceFileEntry[] = [];
    for (let i = 0; i < entries.length; i++) {
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

  private resolvePath(fromFile: string, specifier: string): string | undefined {
    if (!specifier.startsWith('.')) return undefined;
    const base = path.resolve(path.dirname(fromFile), specifier);
    return moduleCandidates(base).find((candidate) => this.entries.has(candidate));
  }

  private resolveRelative(containingFile: string, specifier: string): ts.ResolvedModuleFull | undefined {
    const resolved = this.resolvePath(containingFile, specifier);
    if (!resolved) return undefined;
    return { resolvedFileName: resolved, extension: extensionOf(resolved), isExternalLibraryImport: false };
  }
}

/** 4096 bits per file: about 2% false positives for a file of 300 distinct words. */
const BLOOM_BITS = 4096;
const BLOOM_WORDS = BLOOM_BITS / 32;

function buildWordIndex(entries: SourceFileEntry[]): { entries: SourceFileEntry[]; blooms: Uint32Array } {
  const blooms = new Uint32Array(entries.length * BLOOM_WORDS);
  entries.forEach((entry, i) => {
    const text = entry.text;
    const base = i * BLOOM_WORDS;
    let start = -1;
    for (let at = 0; at <= text.length; at++) {
      const word = at < text.length && isWordChar(text.charCodeAt(at));
      if (word && start === -1) start = at;
      else if (!word && start !== -1) {
        const [a, b] = bloomBits(wordHash(text, start, at));
        blooms[base + (a >>> 5)] |= 1 << (a & 31);
        blooms[base + (b >>> 5)] |= 1 << (b & 31);
        start = -1;
      }
    }
  });
  return { entries, blooms };
}

/** FNV-1a over the UTF-16 code units of `text[start, end)`. */
function wordHash(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
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

function extensionOf(file: string): ts.Extension {
  const ext = path.extname(file);
  const known: Record<string, ts.Extension> = {
    '.ts': ts.Extension.Ts,
    '.tsx': ts.Extension.Tsx,
    '.mts': ts.Extension.Mts,
    '.cts': ts.Extension.Cts,
    '.js': ts.Extension.Js,
    '.jsx': ts.Extension.Jsx,
    '.mjs': ts.Extension.Mjs,
    '.cjs': ts.Extension.Cjs,
  };
  return known[ext] ?? ts.Extension.Ts;
}

function moduleCandidates(base: string): string[] {
  const ext = path.extname(base);
  const out: string[] = [];
  const mapped = JS_TO_TS[ext];
  if (mapped) {
    const stem = base.slice(0, -ext.length);
    for (const m of mapped) out.push(stem + m);
  }
  if (RESOLVE_EXTENSIONS.includes(ext)) out.push(base);
  for (const e of RESOLVE_EXTENSIONS) out.push(base + e);
  for (const e of RESOLVE_EXTENSIONS) out.push(path.join(base, 'index' + e));
  return out;
}

function firstSyntaxError(sourceFile: SourceFile): Omit<ParseProblem, 'file'> | undefined {
  // parseDiagnostics is internal but stable; it holds only the parser's own errors (no type checking).
  const diagnostics = (sourceFile.compilerNode as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics;
  const first = diagnostics?.[0];
  if (!first) return undefined;
  const { line, character } = sourceFile.compilerNode.getLineAndCharacterOfPosition(first.start);
  return { message: ts.flattenDiagnosticMessageText(first.messageText, ' '), line: line + 1, column: character + 1 };
}
