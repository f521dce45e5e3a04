// `result.content.text` on a sampling result (or any content block): v1 typed the block loosely (every member
// passthrough), so reading `text` type-checked whatever the block's type; v2 types it as the protocol's union
// (text, image, audio, ...), where only a text block has `text`, and the read no longer type-checks (TS2339). At run
// time the read gave the block's text for a text block and undefined for any other: the repair writes exactly that,
// `(result.content.type === 'text' ? result.content.text : undefined)`. Only on a receiver read without a call (a
// name or a chain of property reads: reading it twice reads the same value) whose type is such a union.
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';
import { quoteOf } from './quoteOf.js';
import type { TypedRepair } from './types.js';

type TS = typeof TypeScript;

export const contentText: TypedRepair = {
  id: 'content-text',
  codes: [2339],
  repair({ ts, checker, node, file, message }) {
    if (!/^Property 'text' does not exist on type /.test(message)) return undefined;
    if (!ts.isIdentifier(node) || node.text !== 'text') return undefined;
    const access = node.parent;
    if (!ts.isPropertyAccessExpression(access) || access.name !== node || access.questionDotToken) return undefined;
    const receiver = access.expression;
    if (!isPlainRead(ts, receiver)) return undefined;
    const type = checker.getTypeAtLocation(receiver);
    if (!type.isUnion()) return undefined;
    // Every member is a content block (a `type` tag), and the text block is the one with `text`.
    const members = type.types;
    const tagOf = (member: TypeScript.Type) => {
      const tag = checker.getPropertyOfType(member, 'type');
      const tagType = tag ? checker.getTypeOfSymbolAtLocation(tag, receiver) : undefined;
      return tagType?.isStringLiteral() ? tagType.value : undefined;
    };
    if (!members.every((m) => tagOf(m) !== undefined)) return undefined;
    const withText = members.filter((m) => checker.getPropertyOfType(m, 'text') !== undefined);
    if (withText.length === 0 || !withText.every((m) => tagOf(m) === 'text')) return undefined;
    const read = receiver.getText(file);
    const quote = quoteOf(ts, file);
    const text = `(${read}.type === ${quote}text${quote} ? ${read}.text : undefined)`;
    return { edits: [{ start: access.getStart(file), end: access.getEnd(), text }] };
  },
};

/** A name, `this`, or a chain of property reads of one (`result.content`, `this.last.content`): no call, no `?.`. */
function isPlainRead(ts: TS, node: TypeScript.Node): boolean {
  if (ts.isIdentifier(node) || node.kind === ts.SyntaxKind.ThisKeyword) return true;
  if (ts.isParenthesizedExpression(node)) return isPlainRead(ts, node.expression);
  return ts.isPropertyAccessExpression(node) && !node.questionDotToken && isPlainRead(ts, node.expression);
}
