// The word index behind name searches (AnalysisProject.filesMentioning): a Bloom filter row per file, filled in one
// pass over its text, and the exact whole-word check for the rows that may hold the name.
import type { SourceFileEntry } from './files.js';

/** 4096 bits per file: about 2% false positives for a file of 300 distinct words. */
const BLOOM_BITS = 4096;
export const BLOOM_WORDS = BLOOM_BITS / 32;

export interface WordIndex {
  /** The analysed files, in order; row `i` of `blooms` is file `i`'s filter. */
  entries: SourceFileEntry[];
  blooms: Uint32Array;
  filled: Uint8Array;
  unfilled: number;
}

/** The Bloom filter row of one file's words: each maximal run of word characters hashed as `wordHash` does, in one pass. */
export function fillRow(blooms: Uint32Array, row: number, text: string): void {
  const base = row * BLOOM_WORDS;
  let hash = FNV_OFFSET;
  let inWord = false;
  for (let at = 0, length = text.length; at < length; at++) {
    const code = text.charCodeAt(at);
    if (isWordChar(code)) {
      hash = Math.imul(hash ^ code, FNV_PRIME);
      inWord = true;
    } else if (inWord) {
      setBits(blooms, base, hash >>> 0);
      hash = FNV_OFFSET;
      inWord = false;
    }
  }
  if (inWord) setBits(blooms, base, hash >>> 0);
}

function setBits(blooms: Uint32Array, base: number, hash: number): void {
  const [a, b] = bloomBits(hash);
  blooms[base + (a >>> 5)] |= 1 << (a & 31);
  blooms[base + (b >>> 5)] |= 1 << (b & 31);
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
