// The finish phase of a run: each transform's finish over the final texts (whole files to write, findings), and
// those texts as the finishes and the check for orphan modules read them.
import type { PlannedTexts } from './apply.js';
import type { DiscoveryResult } from './files.js';
import { analysedText } from './edits.js';
import type { Finding } from './model.js';
import type { PreStepOutput, Transform } from './transform.js';

/** Each transform's finish over the final texts (planned, else on disk): whole files to write, and findings. */
export function finishTransforms(
  transforms: readonly Transform[],
  outputs: Map<Transform, PreStepOutput>,
  discovery: DiscoveryResult,
  planned: PlannedTexts,
): { files: Map<string, string>; findings: Finding[] } {
  const finalTexts = finalTextsOf(discovery, planned);
  // The user's texts of the files the run changes: the finishes' findings point into them.
  const userTexts = new Map<string, string>();
  for (const entry of discovery.files) if (planned.has(entry.absPath)) userTexts.set(entry.absPath, entry.text);
  const files = new Map<string, string>();
  const findings: Finding[] = [];
  for (const transform of transforms) {
    if (!transform.finish) continue;
    const finish = transform.finish(discovery.root, finalTexts, outputs.get(transform), userTexts);
    for (const [absPath, text] of finish.files) files.set(absPath, text);
    findings.push(...finish.findings);
  }
  return { files, findings };
}

/**
 * Each discovered file's text after the run, by absolute path: planned (as the file will hold it), else as it is.
 * Read as the analysis reads texts, without a byte order mark (see SourceFileEntry.text). A file whose text
 * discovery let go and the run leaves alone is not there: no transform reads its text (Transform.readsText).
 */
export function finalTextsOf(discovery: DiscoveryResult, planned: PlannedTexts): Map<string, string> {
  const texts = new Map<string, string>();
  for (const entry of discovery.files) {
    const after = planned.get(entry.absPath)?.after;
    if (after !== undefined) texts.set(entry.absPath, analysedText(after.slice(entry.bom?.length ?? 0)).text);
    else if (entry.scan === undefined) texts.set(entry.absPath, entry.text);
  }
  return texts;
}
