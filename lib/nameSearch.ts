// Name searches over the analysed files (AnalysisProject.filesMentioning): the word index (lib/wordIndex.ts), its rows
// filled on first use, limited to the files searches look at (the SDK's reach), and each name's answer kept for the run.
import type { SourceFileEntry } from './files.js';
import { entriesHolding, fillRow, RowPool, type WordIndex } from './wordIndex.js';

/** The entries whose text holds a name as a whole word, among those searches look at. */
export class NameSearch {
  private scope: { files: ReadonlySet<string> | undefined; rows?: Uint8Array } = { files: undefined };
  private index: WordIndex | undefined;
  private readonly rowPool = new RowPool();
  private readonly answers = new Map<string, SourceFileEntry[]>();

  /** `entries`: the analysed files as they are when the index is first built. */
  constructor(private readonly entries: () => SourceFileEntry[]) {}

  /** Searches look at these files only; undefined: at all (see AnalysisProject.limitSearchesTo). */
  limitTo(files: ReadonlySet<string> | undefined): void {
    if (this.answers.size > 0) throw new Error('the search scope changed after a search');
    this.scope = { files };
  }

  /** Whether searches look at some files only (limitTo). */
  isLimited(): boolean {
    return this.scope.files !== undefined;
  }

  /** Entries whose text holds `name` as a whole word (see wordIndex.entriesHolding), among those searches look at. */
  entriesMentioning(name: string): SourceFileEntry[] {
    let hits = this.answers.get(name);
    if (!hits) {
      const index = this.fillRows();
      hits = entriesHolding(index, this.scopeRows(index), name);
      this.answers.set(name, hits);
    }
    return hits;
  }

  /**
   * The word index, with a row for every file searches look at but `skip` (those are filled on a later call). A
   * file discovery scanned brings its row (lib/textScan.ts); the others are filled from their texts here.
   */
  fillRows(skip?: ReadonlySet<string>): WordIndex {
    if (!this.index) {
      const entries = this.entries();
      const rows = entries.map((entry) => entry.scan?.words);
      this.index = { entries, rows, unfilled: rows.filter((row) => row === undefined).length };
    }
    const index = this.index;
    const inScope = this.scopeRows(index);
    if (index.unfilled > 0) {
      for (let row = 0; row < index.entries.length; row++) {
        if (index.rows[row] !== undefined || inScope?.[row] === 0 || skip?.has(index.entries[row]!.absPath)) continue;
        const words = this.rowPool.next();
        fillRow(words, index.entries[row]!.text);
        index.rows[row] = words;
        index.unfilled--;
      }
    }
    return index;
  }

  /**
   * Entries given new texts (AnalysisProject.replaceTexts): `read` tells whether a file's text was read for a search
   * already (its row filled, or any search made); `replace` puts the new entry in its row.
   */
  replacing(): { read(absPath: string): boolean; replace(entry: SourceFileEntry): void } {
    const index = this.index;
    const rows = index ? new Map(index.entries.map((entry, row) => [entry.absPath, row])) : undefined;
    return {
      read: (absPath) => {
        const row = rows?.get(absPath);
        return (row !== undefined && index!.rows[row] !== undefined) || this.answers.size > 0;
      },
      replace: (entry) => {
        const row = rows?.get(entry.absPath);
        if (row !== undefined) index!.entries[row] = entry;
      },
    };
  }

  /** 1 for each word index row that searches look at (see limitTo). */
  private scopeRows(index: WordIndex): Uint8Array | undefined {
    const scope = this.scope;
    if (!scope.files) return undefined;
    scope.rows ??= Uint8Array.from(index.entries, (entry) => (scope.files!.has(entry.absPath) ? 1 : 0));
    return scope.rows;
  }
}
