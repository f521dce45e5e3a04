// The SDK's reach (see AnalysisProject.sdkReach): what a text says of its module links, read without parsing, and the
// groups of files those links join.
import type { SourceFileEntry } from './files.js';

export interface ModuleFacts {
  /** The analysed files that quoted strings reading like relative module paths (`'./tools.js'`, `"../lib"`, `'.'`) name. */
  links: string[];
  /** The root modules the text names: `@modelcontextprotocol` for any SDK package, and each reach module it imports. */
  roots: string[];
  /** Names of this file reach others without an import (see `AnalysisProject.sdkReach`). */
  sharesNames: boolean;
}

export const RELATIVE_SPECIFIER = /(['"`])(\.\.?(?:\/[^'"`\r\n]*)?)\1/g;
export const MODULE_SYNTAX = /\b(?:import|export)\b|\brequire\s*\(|\bexports\b/;
export const COMPUTED_IMPORT = /\b(?:import|require)\(\s*[^'"\s)]/;

/** The SDK's reach, and the root modules each group of linked files names. */
export interface Reach {
  /** See AnalysisProject.sdkReach; undefined: every file counts. */
  files: ReadonlySet<string> | undefined;
  /** The root modules named in the file's group (every file's, when names cross files without an import). */
  rootsOf(absPath: string): ReadonlySet<string>;
}

const ROOT_SDK = '@modelcontextprotocol';

/**
 * What a text says of its module links before they are resolved: the relative specifiers it quotes (each once, in
 * the order of their first occurrence), the root modules it names, whether its names reach other files without an
 * import, and whether it loads a module by a computed name. Discovery keeps this of a text it does not hold (see
 * lib/textScan.ts).
 */
export interface TextFacts {
  specifiers: string[];
  roots: string[];
  sharesNames: boolean;
  computedImport: boolean;
}

/** See TextFacts. */
export function textFactsOf(text: string, reachModules: readonly string[]): TextFacts {
  const specifiers = new Set<string>();
  for (RELATIVE_SPECIFIER.lastIndex = 0; ;) {
    const match = RELATIVE_SPECIFIER.exec(text);
    if (!match) break;
    specifiers.add(match[2]!);
  }
  const roots = text.includes(ROOT_SDK) ? [ROOT_SDK] : [];
  for (const name of reachModules) if (namesModule(text, name)) roots.push(name);
  const computedImport = COMPUTED_IMPORT.test(text);
  return {
    specifiers: [...specifiers],
    roots,
    sharesNames: !MODULE_SYNTAX.test(text) || text.includes('declare global') || computedImport,
    computedImport,
  };
}

/** A text's ModuleFacts from its TextFacts; `resolve` maps a relative specifier to an analysed file. */
export function resolveFacts(facts: TextFacts, resolve: (specifier: string) => string | undefined): ModuleFacts {
  const links = new Set<string>();
  for (const specifier of facts.specifiers) {
    const target = resolve(specifier);
    if (target !== undefined) links.add(target);
  }
  return { links: [...links], roots: facts.roots, sharesNames: facts.sharesNames };
}

/** What a text says of its module links (see AnalysisProject.sdkReach); `resolve` maps a relative specifier to an analysed file. */
export function moduleFactsOf(
  text: string,
  resolve: (specifier: string) => string | undefined,
  reachModules: readonly string[],
): ModuleFacts {
  return resolveFacts(textFactsOf(text, reachModules), resolve);
}

/** A quoted string that is the package's name or one of its subpaths (`'fastmcp'`, `"agents/mcp"`). */
function namesModule(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const quote = text[at - 1];
    if (quote !== "'" && quote !== '"' && quote !== '`') continue;
    const next = text[at + name.length];
    if (next === quote || next === '/') return true;
  }
  return false;
}

/** See AnalysisProject.sdkReach: the files in a group (linked by `links`, either way) with a file that names a root module. */
export function reachOf(entries: SourceFileEntry[], facts: ModuleFacts[]): Reach {
  const row = new Map(entries.map((entry, index) => [entry.absPath, index]));
  const parent = entries.map((_, index) => index);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (const [index, { links }] of facts.entries())
    for (const link of links) parent[find(index)] = find(row.get(link)!);
  const shared = facts.some((f) => f.sharesNames);
  const groupRoots = new Map<number, Set<string>>();
  for (const [index, { roots }] of facts.entries()) {
    if (roots.length === 0) continue;
    const group = shared ? -1 : find(index);
    const named = groupRoots.get(group) ?? new Set<string>();
    for (const root of roots) named.add(root);
    groupRoots.set(group, named);
  }
  const none: ReadonlySet<string> = new Set();
  return {
    files: shared
      ? undefined
      : new Set(entries.filter((_, index) => groupRoots.has(find(index))).map((entry) => entry.absPath)),
    rootsOf: (absPath) => {
      const index = row.get(absPath);
      if (index === undefined) return none;
      return groupRoots.get(shared ? -1 : find(index)) ?? none;
    },
  };
}

export function sameModuleFacts(a: ModuleFacts, b: ModuleFacts): boolean {
  return (
    a === b ||
    (a.roots.length === b.roots.length &&
      a.roots.every((root, index) => root === b.roots[index]) &&
      a.sharesNames === b.sharesNames &&
      a.links.length === b.links.length &&
      a.links.every((link, index) => link === b.links[index]))
  );
}

/** Whether two lists of facts (see AnalysisProject.sdkReach) give the same links, file by file. */
export function sameFactsList(a: ModuleFacts[], b: ModuleFacts[]): boolean {
  return a.length === b.length && a.every((facts, index) => sameModuleFacts(facts, b[index]!));
}
