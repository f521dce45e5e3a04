// Packages the migration adds to a package.json, or raises to a new major, that the project has not installed yet
// (or has at a version outside the new range): the type check of the migrated project reads them from the codemod's
// own install, where it has them at a version inside that range, as `npm install` would place them. Without this the
// check could not see the v2 SDK's types at all on a v1 project, and every error that depends on them stayed hidden.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ts as TypeScript } from '../../lib/tsMorph.cjs';

/** A package lent to the check: its name, the version lent, and the folder it is read from. */
export interface LentPackage {
  name: string;
  version: string;
  dir: string;
  /**
   * Its dependencies the project has installed inside the range it asks for, by their folder in the codemod's
   * install -> the project's: read from there, as `npm install` would share the project's copy (one zod, not two).
   */
  shared?: Map<string, string>;
}

const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/**
 * The packages the run's package.json changes add or re-range that are not installed inside their new range, and
 * that this codemod's own install has inside it. `before` holds the changed manifests' texts on disk (a manifest the
 * run creates has none).
 */
export function lentPackages(after: Map<string, string>, before: Map<string, string>): LentPackage[] {
  const lent = new Map<string, LentPackage>();
  for (const [file, text] of after) {
    if (path.basename(file) !== 'package.json') continue;
    const was = rangesOf(before.get(file) ?? readText(file) ?? '{}');
    for (const [name, range] of rangesOf(text)) {
      if (was.get(name) === range || lent.has(name)) continue;
      const installed = installedVersion(name, path.dirname(file));
      if (installed && satisfies(installed, range)) continue;
      const own = ownPackage(name);
      if (own && satisfies(own.version, range)) lent.set(name, { ...own, shared: sharedOf(own, path.dirname(file)) });
    }
  }
  return [...lent.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The lent package's dependencies that the project (from `dir` up) has inside the ranges the package asks for. */
function sharedOf(own: LentPackage, dir: string): Map<string, string> {
  const shared = new Map<string, string>();
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(own.dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return shared;
  }
  const ranges = rangesOf(
    JSON.stringify({ dependencies: manifest.dependencies, peerDependencies: manifest.peerDependencies }),
  );
  for (const [name, range] of ranges) {
    const installed = installedDir(name, dir);
    const ours = ownPackage(name);
    if (!installed || !ours || !satisfies(installed.version, range)) continue;
    if (installed.dir !== ours.dir) shared.set(ours.dir, installed.dir);
  }
  return shared;
}

/** `name version` for each lent package, for the check's summary. */
export function describeLent(lent: readonly LentPackage[]): string {
  return lent.map((p) => `${p.name} ${p.version}`).join(', ');
}

/**
 * The compiler host with the lent packages in place: `<dir>/node_modules/<name>/...` of any folder outside a
 * node_modules reads the codemod's copy, and resolves to its real path there (so the package's own dependencies
 * resolve from the codemod's install, as a linked package's do).
 */
export function lendingHost(host: TypeScript.CompilerHost, lent: readonly LentPackage[]): TypeScript.CompilerHost {
  if (lent.length === 0) return host;
  const byName = new Map(lent.map((p) => [p.name, p.dir]));
  const pattern = new RegExp(
    `^((?:(?!/node_modules/).)*)/node_modules/(${lent.map((p) => escape(p.name)).join('|')})(/.*)?$`,
  );
  const shared = new Map(lent.flatMap((p) => [...(p.shared ?? [])]));
  const redirect = (file: string): string => {
    const normal = file.split(path.sep).join('/');
    const match = pattern.exec(normal);
    if (match) return byName.get(match[2]!)! + (match[3] ?? '');
    for (const [ours, theirs] of shared)
      if (normal === ours || normal.startsWith(`${ours}/`)) return theirs + normal.slice(ours.length);
    return file;
  };
  return {
    ...host,
    fileExists: (file) => host.fileExists(redirect(file)),
    readFile: (file) => host.readFile(redirect(file)),
    directoryExists: (dir) =>
      host.directoryExists ? host.directoryExists(redirect(dir)) : fs.existsSync(redirect(dir)),
    getDirectories: (dir) => (host.getDirectories ? host.getDirectories(redirect(dir)) : []),
    realpath: (file) => (host.realpath ? host.realpath(redirect(file)) : redirect(file)),
    getSourceFile: (file, languageVersion, onError, shouldCreate) =>
      host.getSourceFile(redirect(file), languageVersion, onError, shouldCreate),
  };
}

function rangesOf(text: string): Map<string, string> {
  const ranges = new Map<string, string>();
  try {
    const manifest = JSON.parse(text) as Record<string, unknown>;
    for (const section of SECTIONS) {
      const deps = manifest[section];
      if (deps && typeof deps === 'object')
        for (const [name, range] of Object.entries(deps)) if (typeof range === 'string') ranges.set(name, range);
    }
  } catch {
    // An unreadable manifest lends nothing (the v1 step reports it).
  }
  return ranges;
}

/** A file's text, or undefined when it cannot be read. */
export function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The version of `name` installed where Node would find it from `dir` (no links to an enclosing checkout checked). */
function installedVersion(name: string, dir: string): string | undefined {
  return installedDir(name, dir)?.version;
}

/** Where Node would find `name` from `dir`, and its version (the folder as a real path). */
export function installedDir(name: string, dir: string): { dir: string; version: string } | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const found = path.join(current, 'node_modules', name);
    const version = versionAt(found);
    if (version) return { dir: fs.realpathSync(found).split(path.sep).join('/'), version };
    if (path.dirname(current) === current) return undefined;
  }
}

/** This codemod's own copy of `name`: found from its own folder up, as Node finds its dependencies. */
function ownPackage(name: string): LentPackage | undefined {
  for (let current = path.dirname(fileURLToPath(import.meta.url)); ; current = path.dirname(current)) {
    const dir = path.join(current, 'node_modules', name);
    const version = versionAt(dir);
    if (version) return { name, version, dir: fs.realpathSync(dir).split(path.sep).join('/') };
    if (path.dirname(current) === current) return undefined;
  }
}

function versionAt(dir: string): string | undefined {
  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a version is inside a range, for the ranges the migration writes and the SDK asks for: `^x.y.z`, `~x.y.z`,
 * `x.y.z`, `>=x.y.z`, joined by `||` (a prerelease only matches a range with the same prerelease base). Anything
 * else is not inside.
 */
export function satisfies(version: string, range: string): boolean {
  return range.split('||').some((part) => satisfiesOne(version, part));
}

function satisfiesOne(version: string, range: string): boolean {
  const v = parse(version);
  const match = /^\s*(\^|~|>=)?\s*v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\s*$/.exec(range);
  if (!v || !match) return false;
  const r = parse(match[2]!)!;
  if (v.pre && (!r.pre || v.major !== r.major || v.minor !== r.minor || v.patch !== r.patch)) return false;
  const cmp = compare(v, r);
  switch (match[1]) {
    case undefined:
      return cmp === 0;
    case '>=':
      return cmp >= 0;
    case '~':
      return cmp >= 0 && v.major === r.major && v.minor === r.minor;
    default:
      // Caret: the left-most non-zero part stays.
      if (cmp < 0 || v.major !== r.major) return false;
      if (r.major > 0) return true;
      return r.minor > 0 ? v.minor === r.minor : v.minor === 0 && v.patch === r.patch;
  }
}

interface Version {
  major: number;
  minor: number;
  patch: number;
  pre: string | undefined;
}

function parse(text: string): Version | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(text.trim());
  if (!match) return undefined;
  return { major: +match[1]!, minor: +match[2]!, patch: +match[3]!, pre: match[4] };
}

function compare(a: Version, b: Version): number {
  for (const key of ['major', 'minor', 'patch'] as const) if (a[key] !== b[key]) return a[key] - b[key];
  if (a.pre === b.pre) return 0;
  if (a.pre === undefined) return 1;
  if (b.pre === undefined) return -1;
  return a.pre < b.pre ? -1 : 1;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
