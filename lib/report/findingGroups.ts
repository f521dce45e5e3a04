// Findings that say the same thing in many files (the official codemod's `ErrorCode split ...` once per file) are one
// item in the reports people read: one line, one checklist entry, one SARIF result, with the list of places.
import type { Finding } from '../model.js';

/** Where one finding of a group points. */
export interface FindingPlace {
  file: string;
  line: number;
}

/** Findings with the same transform, reason, decision, level and message, in report order. */
export interface FindingGroup extends Omit<Finding, 'file' | 'line'> {
  places: FindingPlace[];
}

/** `findings` grouped by what they say, each group where its first finding was, its places in report order. */
export function groupFindings(findings: readonly Finding[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  for (const finding of findings) {
    const { file, line, ...said } = finding;
    const key = JSON.stringify([said.transform, said.reason, said.decision, said.level, said.message]);
    const group = groups.get(key);
    if (group) group.places.push({ file, line });
    else groups.set(key, { ...said, places: [{ file, line }] });
  }
  return [...groups.values()];
}
