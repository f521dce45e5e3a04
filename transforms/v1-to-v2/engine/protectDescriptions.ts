// The official codemod reads `server.tool(name, "a" + "b", Schema.shape, cb)` as (name, paramsSchema, annotations,
// cb): a description written as a concatenation is not a string literal to it, so it becomes the `inputSchema` and
// the schema becomes `annotations`, and the migrated server dies at start ("inputSchema ... must be a Standard
// Schema"); seen on 64 tools of one real server. Before its run, each such description is swapped for a
// placeholder string literal, which it handles as a description; after it, the user's own text is put back.
import { ts } from '../../../lib/tsMorph.cjs';
import { applyEdits, type TextEdit } from '../../../lib/edits.js';
import { scriptKindOf } from '../../kit/syntax.js';

const PLACEHOLDER = /(["'])__mcp_mrtr_description_(\d+)__\1/g;
/** The v1 registration methods whose second argument may be a description. */
const REGISTRATIONS = new Set(['tool', 'prompt']);

export interface ProtectedText {
  /** The text the official codemod reads. */
  text: string;
  /** Its output with the descriptions as the user wrote them. */
  restore(output: string): string;
}

/** `text` with each description written as a string concatenation replaced by a placeholder literal. */
export function protectDescriptions(file: string, text: string): ProtectedText {
  const unchanged = { text, restore: (output: string) => output };
  if (!/\.(tool|prompt)\s*\(/.test(text) || !text.includes('+')) return unchanged;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const originals: string[] = [];
  const edits: TextEdit[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.arguments.length >= 3 &&
      ts.isPropertyAccessExpression(node.expression) &&
      REGISTRATIONS.has(node.expression.name.text) &&
      isConcatenation(node.arguments[1]!)
    ) {
      const description = node.arguments[1]!;
      const quote = firstQuote(description, source);
      edits.push({
        start: description.getStart(source),
        end: description.getEnd(),
        text: `${quote}__mcp_mrtr_description_${originals.length}__${quote}`,
      });
      originals.push(description.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (edits.length === 0) return unchanged;
  return {
    text: applyEdits(text, edits),
    restore: (output) => output.replace(PLACEHOLDER, (whole, _quote, n: string) => originals[Number(n)] ?? whole),
  };
}

/** `"a" + "b"`, `("a" + x) + "c"`: a `+` whose operands include a string literal or template. */
function isConcatenation(node: ts.Expression): boolean {
  const inner = ts.isParenthesizedExpression(node) ? node.expression : node;
  return (
    ts.isBinaryExpression(inner) &&
    inner.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    (isStringy(inner.left) || isStringy(inner.right))
  );
}

function isStringy(node: ts.Expression): boolean {
  const inner = ts.isParenthesizedExpression(node) ? node.expression : node;
  return (
    ts.isStringLiteral(inner) ||
    ts.isTemplateExpression(inner) ||
    ts.isNoSubstitutionTemplateLiteral(inner) ||
    isConcatenation(inner)
  );
}

/** The quote of the first string literal in the description (the file's own), else a double quote. */
function firstQuote(node: ts.Node, source: ts.SourceFile): string {
  let quote: string | undefined;
  const visit = (child: ts.Node): void => {
    if (quote) return;
    if (ts.isStringLiteral(child)) quote = child.getText(source)[0];
    else ts.forEachChild(child, visit);
  };
  visit(node);
  return quote === "'" ? "'" : '"';
}
