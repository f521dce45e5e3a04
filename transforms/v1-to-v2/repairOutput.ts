// The repairs of the official codemod's output for one file (issue 18): what it leaves that would stop the migrated
// server from starting or serving, fixed on its text before the MRTR analysis reads it. Each repair is its own module
// and returns the text and its findings; they run in this order, each on the previous one's text.
import fs from 'node:fs';
import path from 'node:path';
import type { Finding } from '../../lib/model.js';
import { restoreImports } from './restoreImports.js';

/** What the repairs read of the project: its root package.json. */
export interface RepairProject {
  /** package.json lists `@modelcontextprotocol/sdk` (any dependency section): a restored v1 import still resolves. */
  v1Listed: boolean;
}

export function repairProject(root: string): RepairProject {
  let manifest: Record<string, Record<string, string> | undefined> = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  } catch {
    // No readable manifest: nothing listed.
  }
  const sections = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
  const listed = (name: string) => sections.some((s) => typeof manifest[s]?.[name] === 'string');
  return { v1Listed: listed('@modelcontextprotocol/sdk') };
}

export function repairOutput(
  file: string,
  userText: string,
  text: string,
  project: RepairProject,
): { text: string; findings: Finding[] } {
  const restored = restoreImports(file, userText, text, project.v1Listed);
  return restored;
}
