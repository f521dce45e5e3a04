import path from 'node:path';
import { Project, ts, type SourceFile } from 'ts-morph';
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

  private corpus: { text: string; starts: number[]; entries: SourceFileEntry[] } | undefined;

  /**
   * Entries whose text holds `name` as a whole word. All texts are searched as one string (built once):
   * one native scan per name instead of one per file, and word boundaries checked only at the hits.
   */
  private searchCorpus(name: string): SourceFileEntry[] {
    if (!this.corpus) {
      const entries = [...this.entries.values()];
      const starts: number[] = [];
      let offset = 0;
      for (const entry of entries) {
        starts.push(offset);
        offset += entry.text.length + 1;
      }
      this.corpus = { text: entries.map((e) => e.text).join('\0'), starts, entries };
    }
    const { text, starts, entries } = this.corpus;
    const found = new Set<number>();
    for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
      if (isWordChar(text.charCodeAt(at - 1)) || isWordChar(text.charCodeAt(at + name.length))) continue;
      // The entry holding this offset: the last start at or before it.
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      found.add(lo);
      // Skip the rest of this file: one hit is enough.
      const next = starts[lo + 1];
      if (next !== undefined) at = next - name.length;
      else break;
    }
    return [...found].sort((a, b) => a - b).map((i) => entries[i]!);
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
