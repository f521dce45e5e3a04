import fs from 'node:fs';
import path from 'node:path';
import type { SourceFileEntry } from '../../lib/files.js';
import type { Finding } from '../../lib/model.js';
import { findCodemodMarkers } from './findCodemodMarkers.js';
import { planPackageJson } from './planPackageJson.js';
import { runOfficialCodemod } from './runOfficialCodemod.js';

export { mentionsV1Sdk, V1_TO_V2_ID } from './runOfficialCodemod.js';

export interface V1ToV2Step {
  /** The official codemod's output per changed file (absolute path): what the MRTR transform analyses instead of the disk text. */
  texts: Map<string, string>;
  findings: Finding[];
  manifestWarnings: string[];
}

/**
 * The first step of a run over a v1 project: the official v1-to-v2 codemod over the files that name
 * `@modelcontextprotocol/sdk`, in memory as far as the target is concerned (nothing is written here).
 */
export function planV1ToV2(root: string, files: SourceFileEntry[]): V1ToV2Step {
  return runOfficialCodemod(root, files);
}

/** The discovered files as the MRTR transform must see them: each file the step changed with its migrated text. */
export function withStepTexts(files: SourceFileEntry[], step: V1ToV2Step | undefined): SourceFileEntry[] {
  if (!step || step.texts.size === 0) return files;
  return files.map((entry) => {
    const text = step.texts.get(entry.absPath);
    return text === undefined ? entry : { ...entry, text, bytes: Buffer.byteLength(text) };
  });
}

export interface V1ToV2Finish {
  /** Whole files to replace: the root package.json when its dependencies change. */
  files: Map<string, string>;
  findings: Finding[];
}

/**
 * After the MRTR transform: the markers left in the final texts (review items), the step's own diagnostics, and
 * the package.json the final code needs (only when the step ran or the manifest still lists the v1 package).
 */
export function finishV1ToV2(root: string, finalTexts: Map<string, string>, step: V1ToV2Step | undefined): V1ToV2Finish {
  const findings: Finding[] = [];
  const files = new Map<string, string>();
  for (const [absPath, text] of finalTexts) findings.push(...findCodemodMarkers(relativeFile(root, absPath), text));
  if (step) {
    findings.push(...step.findings);
    const manifestPath = path.join(root, 'package.json');
    const manifestText = readIfExists(manifestPath);
    if (manifestText !== undefined && (step.texts.size > 0 || manifestText.includes('"@modelcontextprotocol/sdk"'))) {
      const plan = planPackageJson('package.json', manifestText, finalTexts.values(), step.manifestWarnings);
      findings.push(...plan.findings);
      if (plan.text !== undefined) files.set(manifestPath, plan.text);
    }
  }
  findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { files, findings };
}

function relativeFile(root: string, absPath: string): string {
  return path.relative(root, absPath).split(path.sep).join('/');
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
