// The word index behind name searches (AnalysisProject.filesMentioning): a Bloom filter row per file, filled in one
// pass over its text, and the exact whole-word check for the rows that may hold the name.
import type { SourceFileEntry } from './files.js';

/** 4096 bits per file: about 2% false positives for a file of 300 distinct words. */
const BLOOM_BITS = 4096;
export const BLOOM_WORDS = BLOOM_BITS / 32;

export interface WordIndex {
  /** The analysed files, in order; `rows[i]` is file `i`'s filter, once filled. */
  entries: SourceFileEntry[];
  rows: Array<Uint32Array | undefined>;
  unfilled: number;
}

/**
 * The Bloom filter row of one file's words (`BLOOM_WORDS` long): each maximal run of word characters hashed as
 * `wordHash` does, in one pass. Returns a 32-bit hash (FNV-1a) of the whole text, made in the same pass.
 */
export function fillRow(row: Uint32Array, text: string): number {
  let hash = FNV_OFFSET;
  let whole = FNV_OFFSET;
  let inWord = false;
  for (let at = 0, length = text.length; at < length; at++) {
    const code = text.charCodeAt(at);
    whole = Math.imul(whole ^ code, FNV_PRIME);
    if (isWordChar(code)) {
      hash = Math.imul(hash ^ code, FNV_PRIME);
      inWord = true;
    } else if (inWord) {
      setBits(row, hash >>> 0);
      hash = FNV_OFFSET;
      inWord = false;
    }
  }
  if (inWord) setBits(row, hash >>> 0);
  return whole >>> 0;
}

/** Whether a row (see fillRow) may hold the word whose bits (`bloomBits`) are `a` and `b`. */
export function rowMayHold(row: Uint32Array, a: number, b: number): boolean {
  return (row[a >>> 5]! & (1 << (a & 31))) !== 0 && (row[b >>> 5]! & (1 << (b & 31))) !== 0;
}

/** Rows (`BLOOM_WORDS` long each) cut from shared blocks: one object per row, not one buffer per row. */
export class RowPool {
  private block = new Uint32Array(0);
  private used = 0;

  next(): Uint32Array {
    if (this.used === this.block.length) {
      this.block = new Uint32Array(ROWS_PER_BLOCK * BLOOM_WORDS);
      this.used = 0;
    }
    const row = this.block.subarray(this.used, this.used + BLOOM_WORDS);
    this.used += BLOOM_WORDS;
    return row;
  }
}

const ROWS_PER_BLOCK = 256;

function setBits(row: Uint32Array, hash: number): void {
  const [a, b] = bloomBits(hash);
  row[a >>> 5] |= 1 << (a & 31);
  row[b >>> 5] |= 1 << (b & 31);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 code units of `text[start, end)`. */
export function wordHash(text: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

export function bloomBits(hash: number): [number, number] {
  return [hash & (BLOOM_BITS - 1), (hash >>> 12) & (BLOOM_BITS - 1)];
}

/**
 * Entries whose text holds `name` as a whole word, of the rows `inScope` marks (all when undefined). The Bloom filter
 * rows of the files' words rule most files out without reading them; the files they let through are checked
 * exactly. Same answer as scanning every text, at a fraction of the cost when a large tree is searched for many names.
 */
export function entriesHolding(index: WordIndex, inScope: Uint8Array | undefined, name: string): SourceFileEntry[] {
  const { entries, rows } = index;
  // The filter holds maximal runs of word characters: a name with others (a file stem like `tool-utils`) is searched in full.
  const filtered = name.length > 0 && [...name].every((c) => isWordChar(c.charCodeAt(0)));
  const [a, b] = bloomBits(wordHash(name, 0, name.length));
  const found: SourceFileEntry[] = [];
  for (let i = 0; i < entries.length; i++) {
    if (inScope?.[i] === 0) continue;
    if (filtered && !rowMayHold(rows[i]!, a, b)) continue;
    if (holdsWord(entries[i]!.text, name)) found.push(entries[i]!);
  }
  return found;
}

/** Whether `name` occurs in `text` as a whole word (no word character on either side). */
export function holdsWord(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    if (!isWordChar(text.charCodeAt(at - 1)) && !isWordChar(text.charCodeAt(at + name.length))) return true;
  }
  return false;
}

export function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 36 ||
    code > 127
  );
}
