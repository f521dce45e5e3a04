// The ts-morph project an analysis parses into (lib/project.ts): texts from discovery on an in-memory file system,
// only relative imports between analysed files resolved (never a package, never lib files), and TypeScript's module
// resolution cache kept for the run.
import { Project, ts } from './tsMorph.cjs';
import { onProgramReset } from './tsMorphInternals.js';

/**
 * The project with these compiler options (jsx, module, target: the target's own; resolution switched off), whose
 * module names resolve through `resolveRelative` alone (a relative specifier's analysed file, else undefined).
 */
export function createInMemoryProject(
  compilerOptions: ts.CompilerOptions,
  resolveRelative: (containingFile: string, specifier: string) => ts.ResolvedModuleFull | undefined,
): Project {
  const project = new Project({
    // Texts come from discovery; the compiler never touches the disk. (With the real file system,
    // ts-morph's createSourceFile would read and parse each file from disk before parsing our text.)
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    // Only relative imports between analysed files resolve; packages never do. This keeps the answer
    // independent of node_modules and keeps the disk out of every program rebuild.
    resolutionHost: () => ({
      resolveModuleNames: (moduleNames, containingFile) =>
        moduleNames.map((name) => resolveRelative(containingFile, name)),
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
  // Each program rebuild (a file added) asks, for every file, which package.json scope holds it (its module format
  // under NodeNext), and ts-morph's compiler host has no module resolution cache to keep the answers: every ask
  // walked up to the root again. TypeScript's own cache keeps them for the run (the in-memory files never change;
  // module names still resolve through resolveRelative). ts-morph hands its host to each rebuild (onProgramReset).
  let cache: ts.ModuleResolutionCache | undefined;
  onProgramReset(project.getProgram(), (host) => {
    cache ??= ts.createModuleResolutionCache(
      host.getCurrentDirectory(),
      (name) => host.getCanonicalFileName(name),
      project.getCompilerOptions(),
    );
    host.getModuleResolutionCache ??= () => cache;
  });
  return project;
}
