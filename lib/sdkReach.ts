// The SDK's reach (see AnalysisProject.sdkReach): what a text says of its module links, read without parsing, and the
// groups of files those links join.
import type { SourceFileEntry } from './files.js';

export interface ModuleFacts {
  /** The analysed files that quoted strings reading like relative module paths (`'./tools.js'`, `"../lib"`, `'.'`) name. */
  links: string[];
  /** The text names an `@modelcontextprotocol` package. */
  namesSdk: boolean;
  /** Names of this file reach others without an import (see `AnalysisProject.sdkReach`). */
  sharesNames: boolean;
}

export const RELATIVE_SPECIFIER = /(['"`])(\.\.?(?:\/[^'"`\r\n]*)?)\1/g;
export const MODULE_SYNTAX = /\b(?:import|export)\b|\brequire\s*\(|\bexports\b/;
export const COMPUTED_IMPORT = /\b(?:import|require)\(\s*[^'"\s)]/;

/** See AnalysisProject.sdkReach: the files in a group (linked by `links`, either way) with a file that names the SDK. */
export function reachOf(entries: SourceFileEntry[], facts: ModuleFacts[]): ReadonlySet<string> | undefined {
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

export function sameModuleFacts(a: ModuleFacts, b: ModuleFacts): boolean {
  return (
    a === b ||
    (a.namesSdk === b.namesSdk &&
      a.sharesNames === b.sharesNames &&
      a.links.length === b.links.length &&
      a.links.every((link, index) => link === b.links[index]))
  );
}
