import type { Finding } from '../../../lib/model.js';
import { KEPT_V1_IMPORT, migratedAlready } from '../ids.js';
import { SERVING_2025_ONLY } from '../../serving/constants.js';
import { v1ToV2Finding } from '../reasons.js';

const SERVING_PATTERN = /@mcp-mrtr-review serving-2025-only:\s*(.*?)\s*(?:\*\/|$)/;

/** The official codemod's marker: a site it recognised but left unchanged for a person to migrate. */
const MARKER = '@mcp-codemod-error';
const MARKER_PATTERN = /@mcp-codemod-error\s*(.*?)\s*(?:\*\/|$)/;

/** Whether a text can hold a marker findCodemodMarkers reports (most texts cannot: a cheap test before anything else). */
export function mayHoldMarkers(text: string): boolean {
  return (
    text.includes(MARKER) ||
    text.includes(SERVING_2025_ONLY) ||
    (text.includes('@modelcontextprotocol/sdk/') && migratedAlready(text))
  );
}

/**
 * Every `@mcp-codemod-error` marker in a file's text, as a review finding at its line. Read from the text rather
 * than from the codemod's diagnostics so that a later run over the migrated tree reports the same items (a
 * marker is work left for a person until it is removed); lines are those of `text`, which the finish moves to the
 * user's (step.ts).
 */
export function findCodemodMarkers(file: string, text: string): Finding[] {
  if (!mayHoldMarkers(text)) return [];
  const findings: Finding[] = [];
  const migrated = migratedAlready(text);
  for (const [index, line] of text.split('\n').entries()) {
    const kept = migrated ? KEPT_V1_IMPORT.exec(line) : null;
    if (kept) {
      // A v1 import the step put back in a migrated file (restoreImports.ts): the v1 API is still to replace.
      const names = /import\s+(?:type\s+)?\{([^}]*)\}/.exec(line)?.[1]?.trim();
      findings.push(
        v1ToV2Finding(
          'import-kept-on-v1',
          file,
          index + 1,
          `${names ? `\`${names}\`` : 'this import'} from ${kept[1]}: no v2 package exports it, so the v1 SDK stays a dependency until its use is replaced`,
        ),
      );
      continue;
    }
    const serving = SERVING_PATTERN.exec(line);
    if (serving) {
      // The marker sits on its own line above the connect's statement: the finding points at that statement.
      findings.push(v1ToV2Finding(SERVING_2025_ONLY, file, index + 2, serving[1]!));
      continue;
    }
    const match = MARKER_PATTERN.exec(line);
    if (!match) continue;
    findings.push(
      v1ToV2Finding(
        'codemod-error-marker',
        file,
        index + 1,
        `the official v1-to-v2 codemod left this for a person: ${match[1]}`,
      ),
    );
  }
  return findings;
}
