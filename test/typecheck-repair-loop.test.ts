// The repair loop's own rules (transforms/typecheck/repairLoop.ts), on small programs compiled in memory with the
// real compiler: only new errors are handed to the classes, a round is undone unless it lowers the number of new
// errors, and the rounds are bounded.
import path from 'node:path';
import { ts } from '../lib/tsMorph.cjs';
import { describe, expect, it } from 'vitest';
import { repairLoop } from '../transforms/typecheck/repairLoop.js';
import type { TypedRepair } from '../transforms/typecheck/repairs/index.js';

const FILE = path.resolve('/virtual/src/a.ts');

function compile(texts: Map<string, string>): ts.Program {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, noLib: true };
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (name, version) =>
    texts.has(path.resolve(name))
      ? ts.createSourceFile(name, texts.get(path.resolve(name))!, version, true)
      : undefined;
  host.fileExists = (name) => texts.has(path.resolve(name));
  host.readFile = (name) => texts.get(path.resolve(name));
  return ts.createProgram({ rootNames: [FILE], options, host });
}

function errorsOf(program: ts.Program) {
  return program.getSemanticDiagnostics().map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    return { key: `${d.code}\0${message}`, absPath: d.file?.fileName, start: d.start, code: d.code, message };
  });
}

/** Renames an unknown property `old` to `renamed`; counts its calls. */
function renaming(renamed: string, calls: { n: number }): TypedRepair {
  return {
    id: `to-${renamed}`,
    codes: [2339],
    repair({ node }) {
      calls.n += 1;
      if (!ts.isIdentifier(node) || node.text !== 'old') return undefined;
      return { edits: [{ start: node.getStart(), end: node.getEnd(), text: renamed }] };
    },
  };
}

function loop(before: string, after: string, classes: TypedRepair[]) {
  const beforeProgram = compile(new Map([[FILE, before]]));
  const texts = new Map([[FILE, after]]);
  const program = compile(texts);
  return repairLoop(
    ts,
    texts,
    program,
    errorsOf(beforeProgram),
    errorsOf(program),
    (t) => compile(t),
    errorsOf,
    () => true,
    classes,
  );
}

const DECLARED = 'declare const thing: { current: number };\n';

describe('repairLoop', () => {
  it('repairs a new error of a known class and checks again', () => {
    const result = loop(`${DECLARED}export const a = thing.current;\n`, `${DECLARED}export const a = thing.old;\n`, [
      renaming('current', { n: 0 }),
    ]);
    expect(result.texts.get(FILE)).toBe(`${DECLARED}export const a = thing.current;\n`);
    expect(result.after).toEqual([]);
    expect([...result.repaired]).toEqual([['to-current', 1]]);
  });

  it('undoes a round that does not lower the number of new errors', () => {
    const after = `${DECLARED}export const a = thing.old;\n`;
    const result = loop(`${DECLARED}export const a = thing.current;\n`, after, [renaming('missing', { n: 0 })]);
    expect(result.texts.get(FILE)).toBe(after);
    expect(result.after.map((e) => e.code)).toEqual([2339]);
    expect([...result.repaired]).toEqual([]);
  });

  it("leaves an error the original had too: only the migration's new errors are repaired", () => {
    const text = `${DECLARED}export const a = thing.old;\n`;
    const calls = { n: 0 };
    const result = loop(text, text, [renaming('current', calls)]);
    expect(result.texts.get(FILE)).toBe(text);
    expect(calls.n).toBe(0);
  });

  it("makes a repair's fallback when the round with its edits does not lower the count, and keeps the same edit once", () => {
    const withFallback: TypedRepair = {
      id: 'fallback',
      codes: [2339],
      repair({ node }) {
        if (!ts.isIdentifier(node) || node.text !== 'old') return undefined;
        // Both errors' repairs add the same line: it is made once.
        const note = { start: 0, end: 0, text: '// repaired\n' };
        return {
          edits: [note, { start: node.getStart(), end: node.getEnd(), text: 'missing' }],
          fallback: [note, { start: node.getStart(), end: node.getEnd(), text: 'current' }],
        };
      },
    };
    const after = `${DECLARED}export const a = thing.old;\nexport const b = thing.old;\n`;
    const result = loop(`${DECLARED}export const a = thing.current;\nexport const b = thing.current;\n`, after, [
      withFallback,
    ]);
    expect(result.texts.get(FILE)).toBe(
      `// repaired\n${DECLARED}export const a = thing.current;\nexport const b = thing.current;\n`,
    );
    expect(result.after).toEqual([]);
    expect([...result.repaired]).toEqual([['fallback', 2]]);
  });
});
