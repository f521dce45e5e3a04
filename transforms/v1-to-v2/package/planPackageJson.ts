import type { Finding } from '../../../lib/model.js';
import { ADDED_RANGES, ZOD_BELOW_4 } from '../constants.js';
import { v1ToV2Finding } from '../reasons.js';

const V1_PACKAGE = '@modelcontextprotocol/sdk';
const DEPENDENCY_SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
// Static and dynamic imports, re-exports and require() of a bare package name (subpaths count for their package).
const SPECIFIER_PATTERN =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)['"]((?:@[a-z0-9-]+\/)?[a-z0-9.-]+)(?:\/[^'"]*)?['"]/g;

/** The packages among those we manage that a file's text imports (import, export from, import(), require()). */
export function importedPackages(text: string): Set<string> {
  const found = new Set<string>();
  // Every package named here is `zod` or under `@modelcontextprotocol/`: most texts name neither.
  if (!text.includes('@modelcontextprotocol/') && !text.includes('zod')) return found;
  for (const match of text.matchAll(SPECIFIER_PATTERN)) {
    const name = match[1]!;
    if (name === V1_PACKAGE || name in ADDED_RANGES) found.add(name);
  }
  return found;
}

export interface PackageJsonPlan {
  /** The new text, or undefined when nothing changes. */
  text: string | undefined;
  added: string[];
  removed: string[];
  findings: Finding[];
}

/**
 * The package.json edit that goes with a v1-to-v2 migration: add each v2 package (and zod) the migrated code
 * imports and the manifest lacks, to `dependencies`; remove `@modelcontextprotocol/sdk` when no file imports it
 * any more. (The official codemod can drop the v1 package without adding `@modelcontextprotocol/server`; its
 * added ranges are also below the 2.4 that MRTR needs.) The manifest's indentation, key order and final newline
 * are kept; a sorted section stays sorted.
 */
export function planPackageJson(
  manifestFile: string,
  text: string,
  importedByFile: Iterable<ReadonlySet<string>>,
  manifestWarnings: string[],
): PackageJsonPlan {
  const findings: Finding[] = manifestWarnings.map((message) =>
    v1ToV2Finding('manifest-warning', manifestFile, 1, message),
  );
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    findings.push(
      v1ToV2Finding(
        'manifest-unreadable',
        manifestFile,
        1,
        `not valid JSON, left unchanged: ${(error as Error).message}`,
      ),
    );
    return { text: undefined, added: [], removed: [], findings };
  }
  const imported = new Set<string>();
  for (const names of importedByFile) for (const name of names) imported.add(name);
  const sections = DEPENDENCY_SECTIONS.map((name) => manifest[name]).filter(isRecord);
  const declared = (name: string) => sections.some((section) => name in section);
  const added = Object.keys(ADDED_RANGES).filter((name) => imported.has(name) && !declared(name));
  const raised = raiseZod(sections, imported, findings, manifestFile);
  const removed = imported.has(V1_PACKAGE)
    ? []
    : DEPENDENCY_SECTIONS.filter(
        (name) => isRecord(manifest[name]) && V1_PACKAGE in (manifest[name] as Record<string, unknown>),
      ).map(() => V1_PACKAGE);
  if (added.length === 0 && removed.length === 0 && !raised) return { text: undefined, added, removed, findings };
  for (const name of DEPENDENCY_SECTIONS) {
    const section = manifest[name];
    if (removed.length > 0 && isRecord(section)) delete section[V1_PACKAGE];
  }
  if (added.length > 0) {
    const dependencies = isRecord(manifest.dependencies) ? manifest.dependencies : {};
    const sorted = isSorted(Object.keys(dependencies));
    for (const name of added) dependencies[name] = ADDED_RANGES[name]!;
    manifest.dependencies = sorted
      ? Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : dependencies;
  }
  return { text: manifestText(manifest, text), added, removed: [...new Set(removed)], findings };
}

/**
 * Raises a zod range below 4 in place when code imports a v2 package, with its finding (in place of the official
 * codemod's zod warning); whether it did.
 */
function raiseZod(
  sections: Record<string, unknown>[],
  imported: ReadonlySet<string>,
  findings: Finding[],
  manifestFile: string,
): boolean {
  // The v2 SDK needs zod >= 4.2 (also when no file imports zod itself: the SDK does): an older range installs and
  // then fails at runtime (the official codemod only warns). Only when code imports a v2 package: code left on v1
  // (CommonJS, which the official codemod does not touch) keeps its zod.
  const importsV2 = [...imported].some((name) => name !== V1_PACKAGE && name.startsWith('@modelcontextprotocol/'));
  const zodSection = sections.find((section) => typeof section.zod === 'string' && ZOD_BELOW_4.test(section.zod));
  const oldZod = zodSection?.zod as string | undefined;
  const raised = oldZod !== undefined && importsV2;
  if (zodSection && raised) {
    zodSection.zod = ADDED_RANGES.zod!;
    for (let i = findings.length - 1; i >= 0; i--)
      if (findings[i]!.message.startsWith('zod range')) findings.splice(i, 1);
    findings.push(
      v1ToV2Finding(
        'zod-raised',
        manifestFile,
        1,
        `zod raised from '${oldZod}' to '${ADDED_RANGES.zod}': the v2 SDK needs zod >= 4.2; check the zod 3 APIs this code uses against the zod 4 changelog`,
      ),
    );
  }
  return raised;
}

/** The manifest's new text, in the old text's indentation and line endings, with its final newline if it had one. */
function manifestText(manifest: Record<string, unknown>, text: string): string {
  const indent = /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  let out = JSON.stringify(manifest, null, indent);
  if (newline === '\r\n') out = out.replace(/\n/g, '\r\n');
  if (/\r?\n$/.test(text)) out += newline;
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSorted(keys: string[]): boolean {
  return keys.every((key, index) => index === 0 || keys[index - 1]! <= key);
}
