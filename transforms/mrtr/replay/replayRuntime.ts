import fs from 'node:fs';
import type { SourceFile } from 'ts-morph';
import { ts } from '../../../lib/tsMorph.cjs';
import { isCommonJs } from '../rewrite/kit/moduleImports.js';

// The base name of the runtime module the replay strategy writes once into the user's project.
export { REPLAY_RUNTIME_NAME } from '../constants.js';

export { runtimeExtension } from '../rewrite/kit/runtimeImports.js';

export interface RuntimeFlavour {
  typescript: boolean;
  module: 'esm' | 'cjs';
}

/** The runtime module to create at `runtimePath`, in the flavour of the file that builds the server. */
export function runtimeFileText(runtimePath: string, constructionFile: SourceFile): string {
  return replayRuntimeSource({
    typescript: /\.[mc]?ts$/.test(runtimePath),
    module:
      isCommonJs(constructionFile) || runtimePath.endsWith('.cjs') || runtimePath.endsWith('.cts') ? 'cjs' : 'esm',
  });
}

/**
 * The runtime as the user receives it in TypeScript: the source file `runtime/mcp-mrtr-runtime.ts`, type-checked and
 * linted with this project and imported by its tests, read once from beside this module (from the source tree, or
 * from the package's shipped `transforms/` folder when running from dist/).
 */
let runtimeTs: string | undefined;
function runtimeSourceText(): string {
  runtimeTs ??= fs.readFileSync(
    [
      new URL('./runtime/mcp-mrtr-runtime.ts', import.meta.url),
      new URL('../../../../transforms/mrtr/replay/runtime/mcp-mrtr-runtime.ts', import.meta.url),
    ].find((candidate) => fs.existsSync(candidate))!,
    'utf8',
  );
  return runtimeTs;
}

/**
 * The source text of the replay runtime: a readable module the user owns (no new npm dependency). TypeScript
 * is the source of truth; the JavaScript flavours are the same code with the types removed.
 */
export function replayRuntimeSource(flavour: RuntimeFlavour): string {
  const source = runtimeSourceText();
  if (flavour.typescript) return source;
  let output = ts
    .transpileModule(source, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: false },
    })
    .outputText.replace(/^((?: {4})+)/gm, (indent: string) => '  '.repeat(indent.length / 4));
  if (flavour.module === 'cjs') {
    // CommonJS as a person would write it: destructured requires, and the exports listed at the end.
    const exported: string[] = [];
    output = output
      .replace(
        /^import \{([^}]*)\} from ('[^']+');$/gm,
        (_, names: string, from: string) =>
          `const { ${names
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean)
            .join(', ')} } = require(${from});`,
      )
      .replace(/^export (function|const) (\w+)/gm, (_, kind: string, name: string) => {
        exported.push(name);
        return `${kind} ${name}`;
      });
    output = `'use strict';\n\n${output.trimEnd()}\n\nmodule.exports = { ${exported.sort().join(', ')} };\n`;
    output = output.replace(/(= require\('[^']+'\);\n)(?!const \{)/, '$1\n');
  }
  // transpileModule drops blank lines: put one back before each top-level declaration and its doc comment.
  return output.replace(
    /\n(\/\*\*|\/\/ |export |function |class |const |async function )/g,
    (match, start: string, offset: number, text: string) => {
      const before = text.slice(0, offset);
      const previous = before.slice(before.lastIndexOf('\n') + 1);
      return /^(\/\/|\/\*|\s*\*)/.test(previous) || /\brequire\(/.test(previous) || previous.trim() === ''
        ? match
        : `\n\n${start}`;
    },
  );
}
