/** AnalysisProject's search by name (callers, importers): the word filter must never hide a file that holds the name. */
import { describe, expect, it } from 'vitest';
import { AnalysisProject } from '../lib/project.js';

const entry = (file: string, text: string) => ({ absPath: `/virtual/${file}`, file, text, bytes: text.length });

describe('AnalysisProject.filesMentioning', () => {
  const project = new AnalysisProject('/virtual', [
    entry('a.ts', "import { confirmAction } from './tool-utils.js';\nexport const x = confirmAction;\n"),
    entry('b.ts', 'export function confirmActionLater() {}\nconst $confirm = 1; // confirm_action\n'),
    entry('c.ts', 'const é = "confirmAction"; export {};\n'),
    entry('tool-utils.ts', 'export function confirmAction() {}\n'),
    entry('d.ts', 'export const ünïcode = 1;\n'),
  ]);
  const files = (name: string) => project.filesMentioning(name).map((f) => f.getBaseName());

  it('finds whole words only, in every file that holds them', () => {
    expect(files('confirmAction')).toEqual(['a.ts', 'c.ts', 'tool-utils.ts']);
    expect(files('confirm')).toEqual([]);
    expect(files('ünïcode')).toEqual(['d.ts']);
  });

  it('finds names that are not single words (file stems) by a full search', () => {
    expect(files('tool-utils')).toEqual(['a.ts']);
  });
});
