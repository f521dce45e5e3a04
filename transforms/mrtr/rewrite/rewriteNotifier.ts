import type { TextEdit } from '../../../lib/edits.js';
import type { NotifierPlan } from '../plan/planNotifier.js';

/** The edit: the call becomes `async () => {}`; a statement that only made the call is removed with its line. */
export function rewriteNotifier(plan: NotifierPlan): TextEdit {
  if (!plan.statement) return { start: plan.call.getStart(), end: plan.call.getEnd(), text: 'async () => {}' };
  const text = plan.statement.getSourceFile().getFullText();
  const lineStart = text.lastIndexOf('\n', plan.statement.getStart() - 1) + 1;
  const lineEnd = text.indexOf('\n', plan.statement.getEnd());
  const alone =
    text.slice(lineStart, plan.statement.getStart()).trim() === '' &&
    lineEnd !== -1 &&
    text.slice(plan.statement.getEnd(), lineEnd).trim() === '';
  return alone
    ? { start: lineStart, end: lineEnd + 1, text: '' }
    : { start: plan.statement.getStart(), end: plan.statement.getEnd(), text: '' };
}
