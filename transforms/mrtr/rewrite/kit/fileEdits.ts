import type { Node, SourceFile } from 'ts-morph';
import type { TextEdit } from '../../../../lib/edits.js';
import type { AnalysisProject } from '../../../../lib/project.js';
import { wordOffsets } from '../../analyse/symbols.js';
import { addImportsEdits, removeImportsEdits } from './addImports.js';
import { CHECKED_ANSWER, CHECKED_ANSWER_NEED, checkedAnswerLines } from './checkedAnswer.js';
import { styleOf } from './codeText.js';
import { insertionPoint } from './moduleImports.js';
import { staleMarkerEdits } from './insertMarker.js';

/**
 * The edits of a run per absolute file path, in the order the emitters add them, with the SDK names each file
 * needs and the result-schema imports the rewrite may have made unused; then, once every site is emitted, the
 * stale review markers and the import edits.
 */
export class FileEdits {
  readonly edits = new Map<string, TextEdit[]>();
  private readonly imports = new Map<string, Set<string>>();
  // Result schemas of rewritten `send(..., ElicitResultSchema)` calls: their imports go when nothing else uses them.
  private readonly legacy = new Map<string, Array<{ name: string; replaced: Node[] }>>();

  constructor(private readonly project: AnalysisProject) {}

  add(absPath: string, edit: TextEdit): void {
    const list = this.edits.get(absPath) ?? [];
    // Two sites of one statement may both update its marker: the first one's update stands.
    const replaced = edit.end > edit.start && list.some((e) => e.start === edit.start && e.end === edit.end);
    if (!replaced && !list.some((e) => e.start === edit.start && e.end === edit.end && e.text === edit.text))
      list.push(edit);
    this.edits.set(absPath, list);
  }

  /** SDK names the file needs (a file listed with none still gets its unused result-schema imports removed). */
  need(absPath: string, names: Iterable<string>): void {
    this.imports.set(absPath, new Set([...(this.imports.get(absPath) ?? []), ...names]));
  }

  /** A named import that only the replaced nodes may use: it goes when nothing else in the file does. */
  mayDrop(absPath: string, name: string, replaced: Node[]): void {
    this.legacy.set(absPath, [...(this.legacy.get(absPath) ?? []), { name, replaced }]);
  }

  /** Sites rewritten now that an earlier run marked for review: their markers go (unless an edit covers them). */
  dropStaleMarkers(rewritten: Array<{ absPath: string; node: Node }>): void {
    for (const { absPath, node } of rewritten) {
      for (const edit of staleMarkerEdits(node)) {
        if (!(this.edits.get(absPath) ?? []).some((e) => e.start < edit.end && edit.start < e.end))
          this.add(absPath, edit);
      }
    }
  }

  /** The import edits of every file that needs SDK names, and the removal of result-schema imports left unused. */
  addImports(): void {
    for (const [absPath, needed] of this.imports) {
      const sourceFile = this.project.load(absPath)!;
      const style = styleOf(sourceFile.getFullText(), absPath);
      const names = [...needed].filter((name) => name !== CHECKED_ANSWER_NEED);
      if (needed.has(CHECKED_ANSWER_NEED)) {
        // The answer-checking helper, declared once per file after its imports and after any other code inserted
        // there (a codec declaration and its own import), so that no import follows it (kept from an earlier run).
        const helper = checkedAnswerLines(style);
        names.push(...helper.imports);
        if (!sourceFile.getFunction(CHECKED_ANSWER)) {
          const point = insertionPoint(sourceFile);
          const text = `${style.eol}${style.eol}${helper.lines.join(style.eol)}`;
          this.edits.set(absPath, [...(this.edits.get(absPath) ?? []), { start: point, end: point, text }]);
        }
      }
      // A new import statement goes before any code inserted at the same point (a codec declaration).
      for (const edit of addImportsEdits(sourceFile, [...new Set(names)], style).reverse())
        this.edits.set(absPath, [edit, ...(this.edits.get(absPath) ?? [])]);
      const legacy = this.legacy.get(absPath) ?? [];
      const unused = new Set(
        legacy
          .map((l) => l.name)
          .filter(
            (name) =>
              !usedOutside(
                sourceFile,
                name,
                legacy.flatMap((l) => l.replaced),
              ),
          ),
      );
      for (const removal of removeImportsEdits(sourceFile, unused)) this.add(absPath, removal);
    }
  }
}

/** Whether `name` is used anywhere but in import declarations and the statements the rewrite replaces. */
function usedOutside(sourceFile: SourceFile, name: string, replaced: Node[]): boolean {
  const excluded = [...sourceFile.getImportDeclarations(), ...replaced].map((n) => [n.getStart(), n.getEnd()] as const);
  return wordOffsets(sourceFile, name).some(
    (offset) => !excluded.some(([start, end]) => offset >= start && offset < end),
  );
}
