// The repairs of the official codemod's output for one file: what it leaves that would stop the migrated
// server from starting or serving, fixed on its text before the MRTR analysis reads it. Each repair is its own module
// and returns the text and its findings; they run in this order, each on the previous one's text.
import fs from 'node:fs';
import path from 'node:path';
import { inUserLines } from '../../../lib/findings.js';
import type { Finding } from '../../../lib/model.js';
import { manifestOwner } from '../package/manifests.js';
import { mapContextMembers } from './mapContextMembers.js';
import { ZOD_BELOW_4 } from '../constants.js';
import { restoreComments } from './restoreComments.js';
import { restoreImports } from './restoreImports.js';
import { rewriteImportTypes } from './rewriteImportTypes.js';
import { rewriteZodRecord } from './rewriteZodRecord.js';
import { rewriteZodToJsonSchema } from './rewriteZodToJsonSchema.js';

/** What the repairs read of the project: the package.json that owns the file (manifests.ts). */
export interface RepairProject {
  /** package.json lists `@modelcontextprotocol/sdk` (any dependency section): a restored v1 import still resolves. */
  v1Listed: boolean;
  /** package.json's zod range is below 4: the step raises it (planPackageJson.ts), so zod 3-only code must change. */
  zodBelow4: boolean;
}

/**
 * Each file's RepairProject, from the package.json that owns it (the nearest one above it, up to the root: in a
 * monorepo, its package's), read once per manifest.
 */
export function repairProjects(root: string): (absPath: string) => RepairProject {
  const ownerOf = manifestOwner(root);
  const read = new Map<string, RepairProject>();
  return (absPath) => {
    const manifest = ownerOf(absPath) ?? path.join(root, 'package.json');
    if (!read.has(manifest)) read.set(manifest, repairProject(manifest));
    return read.get(manifest)!;
  };
}

/** What the repairs read of one package.json (none readable: nothing listed). */
export function repairProject(manifestPath: string): RepairProject {
  let manifest: Record<string, Record<string, string> | undefined> = {};
  try {
    manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  } catch {
    // No readable manifest: nothing listed.
  }
  const sections = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
  const listed = (name: string) => sections.some((s) => typeof manifest[s]?.[name] === 'string');
  const zod = sections.map((s) => manifest[s]?.zod).find((range) => typeof range === 'string');
  return { v1Listed: listed('@modelcontextprotocol/sdk'), zodBelow4: zod !== undefined && ZOD_BELOW_4.test(zod) };
}

export function repairOutput(
  file: string,
  userText: string,
  text: string,
  project: RepairProject,
  absPath?: string,
): { text: string; findings: Finding[] } {
  const repairs: Array<(text: string) => { text: string; findings: Finding[] }> = [
    (t) => restoreComments(file, userText, t),
    (t) => restoreImports(file, userText, t, project.v1Listed),
    (t) => rewriteImportTypes(file, t),
    (t) => mapContextMembers(file, t),
    (t) => (project.zodBelow4 ? rewriteZodToJsonSchema(file, t, absPath) : { text: t, findings: [] }),
    (t) => (project.zodBelow4 ? rewriteZodRecord(file, t) : { text: t, findings: [] }),
  ];
  const findings: Finding[] = [];
  let current = text;
  for (const repair of repairs) {
    const next = repair(current);
    // A repair's findings are at lines of the text it was given: each moved to the user's line.
    findings.push(...inUserLines(next.findings, userText, current));
    current = next.text;
  }
  return { text: current, findings };
}
