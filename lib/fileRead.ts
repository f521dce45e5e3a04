/** Reading the files the walk found: their text, or a problem (gone, unreadable, too large, binary). */
import * as fs from 'node:fs';
import { errorCode, errorMessage } from './filePaths.js';
import type { AddProblem, SourceFileEntry } from './fileTypes.js';

const BINARY_SNIFF_BYTES = 8000;
/** Larger than almost every source file, so that most are read in one call into one buffer. */
const READ_BUFFER_BYTES = 64 * 1024;

/** A file to read: one per real file (see `Discovery.addCandidate`). */
export interface Candidate {
  abs: string;
  file: string;
  viaLink: boolean;
}

/**
 * Read every candidate. Synchronous on purpose: for thousands of small files, open/read/close in a
 * loop is several times faster than promise-based reads through the libuv thread pool.
 */
export function readCandidates(
  candidates: Iterable<Candidate>,
  maxFileBytes: number,
  addProblem: AddProblem,
): SourceFileEntry[] {
  const reader = new CandidateReader(addProblem);
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

  constructor(private readonly addProblem: AddProblem) {}

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
    if (buffer.subarray(0, Math.min(filled, BINARY_SNIFF_BYTES)).includes(0)) {
      this.addProblem(abs, file, 'binary', `binary file (NUL byte in the first ${BINARY_SNIFF_BYTES} bytes); skipped`);
      return undefined;
    }
    return {
      absPath: abs,
      file,
      text: buffer.toString('utf8', 0, filled), // Buffer decoding keeps a BOM as U+FEFF
      bytes: filled,
    };
  }
}
