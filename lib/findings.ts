// The one way a transform makes a finding: from its own reason catalogue, so that the decision and the level a
// report shows are the ones the catalogue (and so the README and the SARIF rules) states for that reason.
import { lineMapBetween } from './lineMap.js';
import type { Finding, Site } from './model.js';
import type { ReasonInfo, TransformCatalogue } from './transform.js';

/** Where a finding points: a file (as the report names it) and a 1-based line of the user's text. */
export interface FindingPlace {
  file: string;
  line: number;
}

/**
 * A finding of `catalogue`'s reason `reason` at `place`. The catalogue's level decides the rest (`levelOf`): a
 * `note` is an `info` finding for the record; an `error` or a `warning` (the default) is a `review` finding, work
 * for a person. `louder` raises one finding of a `warning` reason to `error` where its source rates it so (the
 * official codemod's own `error` diagnostic: a transform of it failed on the file); it never makes a finding
 * quieter than its reason. A reason the catalogue does not hold is a bug of the transform, so it throws.
 */
export function findingOf(
  catalogue: TransformCatalogue,
  reason: string,
  place: FindingPlace,
  message: string,
  louder?: 'error',
): Finding {
  const entry = catalogue.reasons[reason];
  if (!entry) throw new Error(`${catalogue.id}: no reason '${reason}' in its catalogue`);
  const level = levelOf(entry);
  return {
    transform: catalogue.id,
    reason,
    decision: level === 'info' ? 'info' : 'review',
    level: level === 'warning' && louder ? louder : level,
    file: place.file,
    line: place.line,
    message,
  };
}

/**
 * `site` as a review item of `catalogue`'s reason `reason` (a planned rewrite the run could not apply): the
 * catalogue's message, then `detail`; the strategy it was to be rewritten with is gone. Throws for a reason the
 * catalogue does not hold, as `findingOf` does.
 */
export function reviewSiteOf(catalogue: TransformCatalogue, reason: string, site: Site, detail: string): Site {
  const entry = catalogue.reasons[reason];
  if (!entry) throw new Error(`${catalogue.id}: no reason '${reason}' in its catalogue`);
  const { strategy: _strategy, ...rest } = site;
  return { ...rest, decision: 'review', reason, message: `${entry.message}: ${detail}` };
}

/** A reason's level in a report: the catalogue's SARIF level, its `note` named `info` (`warning` by default). */
export function levelOf(entry: ReasonInfo): Finding['level'] {
  const level = entry.level ?? 'warning';
  return level === 'note' ? 'info' : level;
}

/**
 * `findings` made on `text`, a text derived from the user's `userText` (a pre-step's output, the final text), with
 * each line moved to the user's line it comes from (lib/lineMap.ts): a report's lines are those of the file as the
 * user has it. The findings are changed in place and returned.
 */
export function inUserLines(findings: Finding[], userText: string | undefined, text: string): Finding[] {
  if (findings.length === 0 || userText === undefined || userText === text) return findings;
  const map = lineMapBetween(userText, text);
  const lines = text.split('\n');
  const userLines = userText.split('\n');
  for (const finding of findings) {
    const line = lines[finding.line - 1] ?? '';
    const mapped = map({ line: finding.line, column: (/\S/.exec(line)?.index ?? 0) + 1 }).line;
    // A line the user has too, moved (an import put back below others): the user's line that holds it.
    const moved = line.trim() && !userLines[mapped - 1]?.includes(line.trim());
    const whole = moved ? map({ line: finding.line, column: line.length + 1 }).line : mapped;
    if (userLines[whole - 1]?.includes(line.trim())) finding.line = whole;
    // An import written again on one line (the user's spans several): the user's import of the same module.
    else finding.line = (moved && importOfModule(userLines, line, mapped)) || mapped;
  }
  return findings;
}

/** The 1-based line where the user's import of the module `line` imports from starts, nearest `near`; 0 if none. */
function importOfModule(userLines: string[], line: string, near: number): number {
  const module = /^\s*import\b.*\bfrom\s*(['"])([^'"]+)\1/.exec(line)?.[2];
  if (module === undefined) return 0;
  const holders = userLines
    .map((text, index) => (text.includes(`'${module}'`) || text.includes(`"${module}"`) ? index : -1))
    .filter((index) => index !== -1)
    .sort((a, b) => Math.abs(a - near) - Math.abs(b - near));
  for (const holder of holders)
    for (let index = holder; index >= 0 && index > holder - 50; index--) {
      if (/^\s*import\b/.test(userLines[index]!)) return index + 1;
      if (index < holder && /;\s*$/.test(userLines[index]!)) break;
    }
  return 0;
}
