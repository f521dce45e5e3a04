import { Node } from '../../../lib/tsMorph.cjs';
import type { TextEdit } from '../../../lib/edits.js';
import type { UrlErrorPlan } from '../plan/planUrlError.js';
import { dedent, freshName, type FileStyle } from './kit/codeText.js';
import { widenReturnType, type HandlerRewrite } from './kit/handlerEdits.js';

/**
 * `throw new UrlElicitationRequiredError([{ mode: 'url', message, url, elicitationId }], M)` becomes, in place:
 *
 *   const urlXResponse = inputResponse(ctx.mcpReq.inputResponses, 'url_x');
 *   if (urlXResponse.kind !== 'elicit' || urlXResponse.action === 'accept') {
 *     return inputRequired({ inputRequests: { url_x: inputRequired.elicitUrl({ message, url }) } });
 *   }
 *   throw new Error(M);
 *
 * The throw stood where the condition for it held (the user has not finished the URL flow). Unanswered: ask.
 * Accepted, and yet the handler got here again: the user did not finish, and the old client's retry would
 * have got -32042 again, so ask again. Declined or cancelled: the old call ended with the error M; a tool
 * now ends with the tool error M (2026-07-28 has no -32042).
 */
export function rewriteUrlError(plan: UrlErrorPlan, style: FileStyle): HandlerRewrite {
  const { quote: q, indentUnit: u } = style;
  const end = style.semicolon ? ';' : '';
  const statement = plan.statement;
  const text = statement.getSourceFile().getFullText();
  const lineStart = text.lastIndexOf('\n', statement.getStart() - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const keyCamel = plan.key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const view = freshName(plan.handler.getText(), `${keyCamel}Response`);
  const members = plan.members
    .map((m) =>
      dedent(m.getText())
        .split(/\r?\n/)
        .join(style.eol + indent + u),
    )
    .join(', ');
  const message =
    'node' in plan.errorMessage
      ? dedent(plan.errorMessage.node.getText())
          .split(/\r?\n/)
          .join(style.eol + indent)
      : `${q}${plan.errorMessage.text}${q}`;
  const lines = [
    `const ${view} = inputResponse(${plan.mcpReq}.inputResponses, ${q}${plan.key}${q})${end}`,
    `if (${view}.kind !== ${q}elicit${q} || ${view}.action === ${q}accept${q}) {`,
    `${u}return inputRequired({ inputRequests: { ${plan.key}: inputRequired.elicitUrl({ ${members} }) } })${end}`,
    `}`,
    `throw new Error(${message})${end}`,
  ];
  const imports = ['inputRequired', 'inputResponse'];
  const parent = statement.getParent();
  // `if (!linked) throw ...`: the statements need a block of their own.
  const inList =
    !!parent &&
    (Node.isBlock(parent) || Node.isCaseClause(parent) || Node.isDefaultClause(parent) || Node.isSourceFile(parent));
  const replacement = inList
    ? lines.map((line, i) => (i === 0 ? line : indent + line)).join(style.eol)
    : `{${style.eol}${lines.map((line) => indent + u + line).join(style.eol)}${style.eol}${indent}}`;
  const edits: TextEdit[] = [{ start: statement.getStart(), end: statement.getEnd(), text: replacement }];
  if (plan.addContext) edits.push(plan.addContext);
  const widened = widenReturnType(plan.handler);
  if (widened) {
    edits.push(widened);
    if (style.typescript) imports.push('type InputRequiredResult');
  }
  return { edits, imports };
}
