/**
 * The private ts-morph (and bundled TypeScript) members that lib/tsMorphInternals.ts reaches, each exercised against
 * the installed ts-morph: an upgrade that renames, removes or changes one fails here, not in a user's run. The
 * version is pinned exactly in package.json; upgrading it means checking every function of lib/tsMorphInternals.ts.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Identifier, VariableStatement } from 'ts-morph';
import { Node, Project, SyntaxKind, ts } from '../lib/tsMorph.cjs';
import {
  compilerFactoryOf,
  nodeFromCompilerNode,
  onProgramReset,
  parseDiagnostics,
  sourceFileBinder,
  standardizedPathOf,
} from '../lib/tsMorphInternals.js';

const require = createRequire(import.meta.url);
const readJson = (file: string) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));

/** A project set up as AnalysisProject sets up its own (lib/project.ts), in memory. */
const newProject = () =>
  new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    resolutionHost: () => ({ resolveModuleNames: (moduleNames) => moduleNames.map(() => undefined) }),
    compilerOptions: {
      noLib: true,
      noResolve: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    },
  });

describe('ts-morph version', () => {
  it('is pinned exactly in package.json and its lock, at the installed version', () => {
    const pinned = readJson('../package.json').dependencies['ts-morph'];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readJson('../package-lock.json').packages[''].dependencies['ts-morph']).toBe(pinned);
    expect(require('ts-morph/package.json').version).toBe(pinned);
  });
});

describe('lib/tsMorphInternals.ts against the installed ts-morph', () => {
  it('compilerFactoryOf, standardizedPathOf: createSourceFile parses through the factory, under the standardized path', () => {
    const project = newProject();
    const factory = compilerFactoryOf(project);
    const standardized = standardizedPathOf(project);
    const parse = factory.createCompilerSourceFileFromText.bind(factory);
    const calls: Array<{ filePath: string; made: ts.SourceFile }> = [];
    factory.createCompilerSourceFileFromText = (filePath, text, scriptKind) => {
      const made = parse(filePath, text, scriptKind);
      calls.push({ filePath, made });
      return made;
    };
    const sourceFile = project.createSourceFile('/src/tools/../a.ts', 'export const a = 1;\n');
    expect(calls.map((call) => call.filePath)).toEqual([standardized('/src/tools/../a.ts')]);
    expect(standardized('/src/tools/../a.ts')).toBe('/src/a.ts');
    expect(sourceFile.getFilePath()).toBe('/src/a.ts');
    // The compiler file the factory returned is the one ts-morph wraps and gives the program.
    expect(sourceFile.compilerNode).toBe(calls[0]!.made);
    expect(project.getProgram().compilerObject.getSourceFile('/src/a.ts')).toBe(calls[0]!.made);
  });

  it('onProgramReset: the hook gets the host of each rebuild, before the program is built with it', () => {
    const project = newProject();
    const hosts: ts.CompilerHost[] = [];
    let cacheAsked = 0;
    const cache = ts.createModuleResolutionCache('/', (name) => name, project.getCompilerOptions());
    onProgramReset(project.getProgram(), (host) => {
      hosts.push(host);
      host.getModuleResolutionCache = () => {
        cacheAsked++;
        return cache;
      };
    });
    project.createSourceFile('/src/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
    project.createSourceFile('/src/b.ts', 'export const b = 1;\n');
    expect(hosts).toHaveLength(2);
    expect(typeof hosts[0]!.getCurrentDirectory).toBe('function');
    expect(typeof hosts[0]!.getCanonicalFileName).toBe('function');
    const program = project.getProgram().compilerObject;
    expect(program.getRootFileNames()).toEqual(['/src/a.ts', '/src/b.ts']);
    // The compiler asks the host given to the hook for its cache (the point of the hook in AnalysisProject, whose
    // host resolves module names itself, as this one does).
    expect(cacheAsked).toBeGreaterThan(0);
  });

  it('sourceFileBinder: binds a file alone, as the checker would', () => {
    const file = ts.createSourceFile(
      '/src/a.ts',
      'export const a = 1;\nfunction f() {}\n',
      ts.ScriptTarget.ES2022,
      true,
    );
    const bound = file as unknown as { symbol?: ts.Symbol; locals?: Map<string, ts.Symbol> };
    expect(bound.symbol).toBeUndefined();
    sourceFileBinder(ts)(file, {});
    expect(bound.symbol).toBeDefined();
    expect([...(bound.locals?.keys() ?? [])].sort()).toEqual(['a', 'f']);
  });

  it('parseDiagnostics: the parser errors of a file, an empty list for a file that parses', () => {
    const good = ts.createSourceFile('/src/a.ts', 'export const a = 1;\n', ts.ScriptTarget.ES2022);
    expect(parseDiagnostics(good)).toEqual([]);
    const bad = ts.createSourceFile('/src/b.ts', 'export const = ;\n', ts.ScriptTarget.ES2022);
    const diagnostics = parseDiagnostics(bad);
    expect(diagnostics?.length).toBeGreaterThan(0);
    expect(diagnostics![0]!.start).toBe('export const '.length);
    expect(ts.flattenDiagnosticMessageText(diagnostics![0]!.messageText, ' ')).toBe('Variable declaration expected.');
  });

  it("nodeFromCompilerNode: ts-morph's own wrapper of a compiler node", () => {
    const sourceFile = newProject().createSourceFile('/src/a.ts', 'const answer = 42;\nexport { answer };\n');
    const statement = sourceFile.compilerNode.statements[0] as ts.VariableStatement;
    const name = statement.declarationList.declarations[0]!.name;
    const node = nodeFromCompilerNode(sourceFile, name);
    expect(Node.isIdentifier(node)).toBe(true);
    expect((node as Identifier).getText()).toBe('answer');
    expect(node.compilerNode).toBe(name);
    // The same object ts-morph hands out for that node by its public API.
    expect(node).toBe(sourceFile.getDescendantAtPos(name.getStart(sourceFile.compilerNode)));
    expect(node).toBe(sourceFile.getFirstDescendantByKindOrThrow(SyntaxKind.Identifier));
    const wrappedStatement = nodeFromCompilerNode(sourceFile, statement) as VariableStatement;
    expect(wrappedStatement).toBe(sourceFile.getVariableStatementOrThrow('answer'));
  });

  it('says which member is missing, rather than failing later', () => {
    const fake = {} as unknown as Project;
    expect(() => compilerFactoryOf(fake)).toThrow(/ts-morph internals: project\._context is missing/);
    expect(() => standardizedPathOf(fake)).toThrow(/ts-morph internals: project\._context is missing/);
    expect(() => onProgramReset({} as never, () => {})).toThrow(/ts-morph internals: program\._reset is missing/);
    expect(() => sourceFileBinder({} as typeof ts)).toThrow(/ts-morph internals: ts\.bindSourceFile is missing/);
  });
});
