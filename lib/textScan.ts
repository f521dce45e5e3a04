/**
 * What discovery keeps of a file whose text no transform reads in full (see `DiscoverOptions.release`): its word
 * index row, what the SDK's reach needs of it, and a digest. The text itself is let go as soon as it is scanned, so
 * a run holds the texts of the few files that can matter (those naming the SDK, a framework, zod, a prefilter word)
 * and not those of the whole tree; a name search that lets such a file through reads it again from disk, and that
 * text must be the one scanned.
 */
import * as fs from 'node:fs';
import { analysedText } from './edits.js';
import { RunError } from './planFailure.js';
import type { SourceFileEntry } from './fileTypes.js';
import { textFactsOf, type TextFacts } from './sdkReach.js';
import { fillRow, RowPool, BLOOM_WORDS } from './wordIndex.js';

/** Which texts discovery holds (the runner's, from the transforms: lib/releaseRule.ts): the others it scans and lets go. */
export interface ReleaseRule {
  /** True for a text some transform reads in full after discovery (its prefilter, its pre-step, its finish). */
  keepsText(text: string): boolean;
  /** The reach modules of the run (AnalysisProject.sdkReach): a text naming one, or the SDK, is held too. */
  reachModules: readonly string[];
}

/** What discovery kept of a text it let go: `SourceFileEntry.scan`. */
export interface TextScan {
  /** The text's word index row (wordIndex.fillRow). */
  words: Uint32Array;
  facts: TextFacts;
  /** The text's length and its 32-bit hash (fillRow's): a text read again must match both. */
  length: number;
  digest: number;
}

/** Turns a file's text into its entry: holding the text, or, when the rule does not keep it, its scan. */
export class TextReleaser {
  private readonly pool = new RowPool();

  constructor(private readonly rule: ReleaseRule) {}

  entryOf(fields: Omit<SourceFileEntry, 'text'>, text: string): SourceFileEntry {
    if (this.rule.keepsText(text)) return { ...fields, text };
    const facts = textFactsOf(text, this.rule.reachModules);
    if (facts.roots.length > 0) return { ...fields, text };
    // A specifier cut from the text would keep all of it alive (V8 slices long substrings): each is copied.
    facts.specifiers = facts.specifiers.map(ownCopy);
    const words = this.pool.next();
    const scan: TextScan = { words, facts, length: text.length, digest: fillRow(words, text) };
    // Built a property at a time: an object spread from `fields` and then given an accessor gets a hidden class of
    // its own (about 220 bytes a file at 50,000 files); added in the same order, the entries share one.
    const entry: Record<string, unknown> = {};
    for (const key of Object.keys(fields)) entry[key] = fields[key as keyof typeof fields];
    entry.scan = scan;
    Object.defineProperty(entry, 'text', TEXT_FROM_DISK);
    return entry as unknown as SourceFileEntry;
  }
}

const TEXT_FROM_DISK: PropertyDescriptor = { get: textFromDisk, enumerable: true, configurable: true };

function ownCopy(text: string): string {
  return (' ' + text).slice(1);
}

const scratch = new Uint32Array(BLOOM_WORDS);

/**
 * A released entry's text: read again from disk, without its byte order mark as discovery read it, and checked
 * against the scan. A file changed since discovery read it is an error: the run decided from the text it scanned,
 * and must not go on (nor write) with another.
 */
function textFromDisk(this: SourceFileEntry): string {
  const scan = this.scan!;
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(this.absPath);
  } catch (error) {
    throw new RunError(
      `${this.file}: cannot read it again (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  let start = 0;
  while (bytes.length - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf)
    start += 3;
  const text = analysedText(bytes.toString('utf8', start)).text;
  if (start / 3 !== (this.bom?.length ?? 0) || text.length !== scan.length || fillRow(scratch, text) !== scan.digest)
    throw new RunError(
      `${this.file}: changed on disk during the run (it no longer holds the text the run read); run again`,
    );
  return text;
}
