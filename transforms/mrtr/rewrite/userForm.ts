import { ts } from '../../../lib/tsMorph.cjs';
import type { Node } from 'ts-morph';
import type { AnalysisProject } from '../../../lib/project.js';
import { oneLine } from '../analyse/functions.js';
import { PUSH_METHOD_NAMES } from '../pushMethods.js';

// A v1 file is analysed in the v1 step's output (`extra.sendRequest(...)` already reads `ctx.mcpReq.send(...)`): the
// report shows the call as the user wrote it, found on the user's own line, so that a reviewer can search for it.

const parsed = new WeakMap<AnalysisProject, Map<string, ts.SourceFile>>();

/**
 * The form and code (the call, on one line) of the user's own call on the line the site maps to, in a file whose
 * analysed text is the v1 step's: the analysed form when the user's call has the same method, else the user's callee
 * (`extra.sendRequest`); undefined when the file is the user's text or no such call starts on that line.
 */
export function userFormOf(
  project: AnalysisProject,
  node: Node,
  analysedForm: string,
): { form: string; code: string } | undefined {
  const absPath = node.getSourceFile().getFilePath();
  const userText = project.userTextOf(absPath);
  // Only a plain callee: a form that says how the call was reached (`fn (server.elicitInput as a value)`) stays.
  if (userText === undefined || !/^([\w$.!?]+|throw new UrlElicitationRequiredError)$/.test(analysedForm))
    return undefined;
  let files = parsed.get(project);
  if (!files) parsed.set(project, (files = new Map()));
  let source = files.get(absPath);
  if (!source) files.set(absPath, (source = ts.createSourceFile(absPath, userText, ts.ScriptTarget.Latest, true)));
  const { line } = project.userPosition(node);
  const wanted = /(\w+)$/.exec(analysedForm)?.[1];
  const candidates: Array<{ form: string; code: string; name: string }> = [];
  const visit = (n: ts.Node): void => {
    const start = source!.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
    const end = source!.getLineAndCharacterOfPosition(n.getEnd()).line + 1;
    if (start > line || end < line) return;
    if (start === line) {
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
        const name = n.expression.name.text;
        if (PUSH_METHOD_NAMES.has(name))
          candidates.push({ form: oneLine(n.expression.getText(source)), code: oneLine(n.getText(source)), name });
      } else if (ts.isNewExpression(n) && n.expression.getText(source) === 'UrlElicitationRequiredError') {
        const thrown = ts.isThrowStatement(n.parent) ? 'throw new' : 'new';
        candidates.push({ form: `${thrown} UrlElicitationRequiredError`, code: oneLine(n.getText(source)), name: '' });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  const same = candidates.find((c) => c.name === wanted);
  // The same method: the analysed form stands (it names the receiver's role, as for any file); another one (the v1
  // step spelled `extra.sendRequest` as `ctx.mcpReq.send`): the user's callee.
  if (same) return { form: analysedForm, code: same.code };
  const chosen = candidates.length === 1 ? candidates[0] : undefined;
  return chosen && { form: chosen.form, code: chosen.code };
}
