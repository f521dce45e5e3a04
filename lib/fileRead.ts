/** Reading the files the walk found: their text, or a problem (gone, unreadable, too large, binary). */
import { isUtf8 } from 'node:buffer';
import * as fs from 'node:fs';
import { errorCode, errorMessage, isAncestorOrSelf } from './filePaths.js';
import type { AddProblem, SourceFileEntry } from './fileTypes.js';
import { analysedText } from './edits.js';
import { TextReleaser, type ReleaseRule } from './textScan.js';

const BINARY_SNIFF_BYTES = 8000;
/** Larger than almost every source file, so that most are read in one call into one buffer. */
const READ_BUFFER_BYTES = 64 * 1024;

/** A file to read: one per real file (see `Discovery.addCandidate`). */
export interface Candidate {
  abs: string;
  file: string;
  /** Its real path (symbolic links resolved). */
  real: string;
  viaLink: boolean;
}

/** The byte order mark, as text. */
export const BOM = '\uFEFF';

/**
 * A text as the file holds it on disk: the byte order mark discovery stripped (see `SourceFileEntry.text`) put
 * back in front, and a file of CR lines given its CRs back. Every write of a discovered file goes through here.
 */
export function diskTextOf(entry: { bom?: string; crLines?: true }, text: string): string {
  const lines = entry.crLines ? text.replaceAll('\n', '\r') : text;
  return entry.bom ? entry.bom + lines : lines;
}

/**
 * Read every candidate. Synchronous on purpose: for thousands of small files, open/read/close in a
 * loop is several times faster than promise-based reads through the libuv thread pool.
 */
export function readCandidates(
  candidates: Iterable<Candidate>,
  maxFileBytes: number,
  addProblem: AddProblem,
  realRoot: string,
  release?: ReleaseRule,
): SourceFileEntry[] {
  const reader = new CandidateReader(addProblem, realRoot, release && new TextReleaser(release));
  const files: SourceFileEntry[] = [];
  for (const candidate of candidates) {
    const entry = reader.readOne(candidate, maxFileBytes);
    if (entry) files.push(entry);
  }
  return files;
}

class CandidateReader {
  /** Shared by every read (one file at a time); grows only for a file larger than it. */
  private readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);

  constructor(
    private readonly addProblem: AddProblem,
    private readonly realRoot: string,
    private readonly releaser: TextReleaser | undefined,
  ) {}

  /**
   * Most source files fit in one reusable buffer: they are read to the end without an fstat and
   * without a Buffer of their own. Only a file that fills the probe is asked for its size; when that
   * is above `maxFileBytes` it is reported without being read beyond the probe.
   */
  readOne(candidate: Candidate, maxFileBytes: number): SourceFileEntry | undefined {
    const { abs, file } = candidate;
    let buffer = this.readBuffer;
    // The probe holds at most maxFileBytes + 1 bytes, so a file that ends before filling it is within
    // the limit.
    const probe = maxFileBytes < buffer.length ? Math.max(0, Math.floor(maxFileBytes) + 1) : buffer.length;
    let filled = 0;
    let fd: number | undefined;
    try {
      fd = fs.openSync(abs, 'r');
      while (filled < probe) {
        const n = fs.readSync(fd, buffer, filled, probe - filled, filled);
        if (n === 0) break;
        filled += n;
      }
      if (filled === probe) {
        const size = fs.fstatSync(fd).size;
        if (size > maxFileBytes) {
          this.addProblem(abs, file, 'too-large', `file too large (${size} bytes, limit ${maxFileBytes}); skipped`);
          return undefined;
        }
        if (size > buffer.length) {
          const grown = Buffer.allocUnsafe(size);
          buffer.copy(grown, 0, 0, filled);
          buffer = this.readBuffer = grown;
        }
        while (filled < size) {
          const n = fs.readSync(fd, buffer, filled, size - filled, filled);
          if (n === 0) break; // shrank since fstat
          filled += n;
        }
      }
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT') {
        this.addProblem(abs, file, 'not-found', `file disappeared while reading: ${errorMessage(error)}`);
      } else if (code === 'ELOOP') {
        this.addProblem(abs, file, 'symlink-loop', `symbolic link loop: ${errorMessage(error)}; not followed`);
      } else {
        this.addProblem(abs, file, 'unreadable', `cannot read file: ${errorMessage(error)}`);
      }
      return undefined;
    } finally {
      if (fd !== undefined) {
        try {
          fs.closeSync(fd);
        } catch {
          // nothing useful to do
        }
      }
    }
    const bytes = buffer.subarray(0, filled);
    const problem = contentProblem(bytes);
    if (problem) {
      this.addProblem(abs, file, problem.kind, problem.message);
      return undefined;
    }
    // The byte order mark is stripped here and put back by every write (diskTextOf): the compiler strips it too, so
    // its positions and our edits count from the same first character. (Buffer decoding would keep it as U+FEFF.)
    let start = 0;
    while (filled - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf)
      start += 3;
    const { text, crLines } = analysedText(buffer.toString('utf8', start, filled));
    const fields = {
      absPath: abs,
      file,
      bytes: filled,
      ...(start > 0 ? { bom: BOM.repeat(start / 3) } : {}),
      ...(crLines ? { crLines } : {}),
      ...(isAncestorOrSelf(this.realRoot, candidate.real) ? {} : { outsideTarget: candidate.real }),
    };
    return this.releaser ? this.releaser.entryOf(fields, text) : { ...fields, text };
  }
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence (`bytes` holds one). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let length: number;
    let min = 0x80;
    let max = 0xbf;
    if (b < 0x80) length = 1;
    else if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) min = 0xa0; // overlong
      if (b === 0xed) max = 0x9f; // surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) min = 0x90; // overlong
      if (b === 0xf4) max = 0x8f; // above U+10FFFF
    } else return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? min : 0x80) || c > (k === 1 ? max : 0xbf)) return i;
    }
    i += length;
  }
  return bytes.length;
}

function countNewlines(bytes: Uint8Array, end: number): number {
  let count = 0;
  for (let i = 0; i < end; i++) if (bytes[i] === 0x0a) count++;
  return count;
}

/** Why a file's bytes cannot be audited as source text: binary, or not valid UTF-8; undefined when they can. */
function contentProblem(bytes: Buffer): { kind: 'binary' | 'not-utf8'; message: string } | undefined {
  if (bytes.subarray(0, Math.min(bytes.length, BINARY_SNIFF_BYTES)).includes(0)) {
    return { kind: 'binary', message: `binary file (NUL byte in the first ${BINARY_SNIFF_BYTES} bytes); skipped` };
  }
  if (isUtf8(bytes)) return undefined;
  // Decoding would turn each invalid byte into U+FFFD, and a rewrite would write that back everywhere in the file.
  const at = firstInvalidUtf8(bytes);
  const where =
    at < bytes.length
      ? ` (byte 0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')} on line ${countNewlines(bytes, at) + 1})`
      : '';
  return { kind: 'not-utf8', message: `not valid UTF-8${where}; skipped, so that its bytes are never re-encoded` };
}
