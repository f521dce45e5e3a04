// The official codemod moves import declarations to the v2 packages but leaves a type written as an import
// expression on the v1 package: `server: import("@modelcontextprotocol/sdk/server/index.js").Server`. While
// package.json still lists the v1 SDK that type still resolves, to v1's Server, and a v2 server passed to it no longer
// type-checks (TS2345/TS2740, seen on a real v1 server). Each such type moves to the v2 package its module moved to,
// the one the file's own import declarations of that module went to.
import { ts } from '../../../lib/tsMorph.cjs';
import { applyEdits, type TextEdit } from '../../../lib/edits.js';
import type { Finding } from '../../../lib/model.js';
import type { RepairOutcome } from './types.js';
import { scriptKindOf } from '../../kit/syntax.js';
import { v1ToV2Finding } from '../reasons.js';

const V1 = '@modelcontextprotocol/sdk/';
const SERVER = '@modelcontextprotocol/server';
const CLIENT = '@modelcontextprotocol/client';

/**
 * v1 module (without extension) -> its v2 package; `side` for the modules both packages export (types, protocol,
 * transport), which go where the file's other SDK imports went. Modules whose names moved or split are left for the
 * type check to report.
 */
const MOVED: Readonly<Record<string, string>> = {
  'server/mcp': SERVER,
  'server/index': SERVER,
  'server/completable': SERVER,
  'server/webStandardStreamableHttp': SERVER,
  'server/stdio': `${SERVER}/stdio`,
  'client/index': CLIENT,
  'client/stdio': `${CLIENT}/stdio`,
  types: 'side',
  'shared/protocol': 'side',
  'shared/transport': 'side',
  'shared/uriTemplate': 'side',
  inMemory: 'side',
};

/** `text` with each `import("@modelcontextprotocol/sdk/<module>")` type on a moved module pointed at its v2 package. */
export function rewriteImportTypes(file: string, text: string): RepairOutcome {
  const findings: Finding[] = [];
  if (!/import\(\s*['"]@modelcontextprotocol\/sdk\//.test(text)) return { text, findings };
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const imported = source.statements
    .filter(ts.isImportDeclaration)
    .map((d) => (d.moduleSpecifier as ts.StringLiteral).text);
  // The side of the SDK this file is on: client when it imports the client package and not the server's.
  const side =
    imported.some((s) => s.startsWith(CLIENT)) && !imported.some((s) => s.startsWith(SERVER)) ? CLIENT : SERVER;
  const edits: TextEdit[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const literal = node.argument.literal;
      const specifier = literal.text;
      const target = specifier.startsWith(V1)
        ? MOVED[specifier.slice(V1.length).replace(/\.(js|mjs|cjs)$/, '')]
        : undefined;
      if (target) {
        const to = target === 'side' ? side : target;
        const quote = text[literal.getStart(source)]!;
        edits.push({ start: literal.getStart(source), end: literal.getEnd(), text: `${quote}${to}${quote}` });
        findings.push(
          v1ToV2Finding(
            'import-type-moved',
            file,
            source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
            `import("${specifier}") -> import("${to}")`,
          ),
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits.length === 0 ? { text, findings } : { text: applyEdits(text, edits), findings };
}
