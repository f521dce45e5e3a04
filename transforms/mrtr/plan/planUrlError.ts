import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { NewExpression } from 'ts-morph';
import type { MrtrAnalysis } from '../analyse/classify.js';
import type { PushCall } from '../analyse/pushCall.js';
import { enclosingFunction, oneLine, type FunctionNode } from '../analyse/functions.js';
import type { Registration } from '../analyse/handlers.js';
import { contextOf, handlerOf, isDirectAsk, type HandlerContext, type HandlerSite } from '../analyse/handlerSite.js';
import { isReplaySafeExpression } from '../analyse/replaySafe.js';
import { importedModuleOf, stringValue } from '../analyse/symbols.js';
import { REGISTRATIONS } from '../constants.js';
import type { Review } from './review.js';

/** Everything the rewrite of one `throw new UrlElicitationRequiredError([...])` needs; computed before any edit. */
export interface UrlErrorPlan {
  /** The `throw` statement, replaced in place (at whatever block depth it stands). */
  statement: Node;
  handler: FunctionNode;
  registration: Registration;
  /** The elicitation's members kept for `inputRequired.elicitUrl` (`message`, `url`), as written. */
  members: Node[];
  /** The old error's message: the constructor's second argument, or the SDK's default. */
  errorMessage: { node: Node } | { text: string };
  key: string;
  mcpReq: string;
  addContext?: HandlerContext['addContext'];
  /** Nodes the rewrite drops (the class name, `mode`, `elicitationId`): imports used only there can go. */
  dropped: Node[];
  /** Named imports that only a dropped node may use and whose removal has no effect (the SDK class, `node:crypto`). */
  droppable: string[];
}

export type UrlErrorVerdict = { kind: 'url-error'; plan: UrlErrorPlan } | Review | undefined;

/** The message `UrlElicitationRequiredError` has when none is given (SDK 2.4, one elicitation). */
export const DEFAULT_URL_ERROR_MESSAGE = 'URL elicitation required';

/** `throw new UrlElicitationRequiredError(...)` / `new UrlElicitationRequiredError(...)` sites. */
export function isUrlError(call: PushCall): boolean {
  return call.form.endsWith('UrlElicitationRequiredError');
}

/** Modules whose named imports may be dropped with the elicitationId that used them (no side effects). */
const DROPPABLE_MODULES = new Set(['node:crypto', 'crypto']);

/**
 * Can a thrown `UrlElicitationRequiredError` become an `inputRequired.elicitUrl` ask? In the old flow the client
 * got `-32042`, showed the URL, and once the user finished called the tool again from scratch: exactly what
 * the explicit form does on its retry, so code before the throw needs no replay check. Required: v2, one
 * literal URL elicitation, thrown directly in a registered tool's callback (a tool turns the declined flow's
 * error into a tool error, the one documented outcome mapping), outside any `try` (a catch would see the
 * old error but never a returned ask), and the only ask of its handler (the caller checks that).
 */
export function planUrlError(site: HandlerSite, analysis: MrtrAnalysis): UrlErrorVerdict {
  const { call } = site;
  // SDK v1 code is never rewritten (the v1 -> v2 step comes first).
  if (call.sdk !== 'v2' || call.reason) return undefined;
  const registration = site.chains[0]?.registration;
  const handler = registration ? handlerOf(registration) : undefined;
  if (!registration || !handler || !isDirectAsk(site)) return { kind: 'review', reason: 'ask-in-helper' };
  const callee = registration.call.getFirstChildByKind(SyntaxKind.PropertyAccessExpression);
  if (registration.method !== 'tools/call' || !callee || !(callee.getName() in REGISTRATIONS))
    return { kind: 'review', reason: 'url-error-not-tool' };
  const construct = call.node;
  const statement = construct.getParent();
  if (!Node.isNewExpression(construct) || !statement || !Node.isThrowStatement(statement))
    return shape('the error is built here but thrown elsewhere (or not thrown): throw it where it is built');
  const fn = handler as FunctionNode;
  for (let node: Node | undefined = statement; node && node !== fn; node = node.getParent()) {
    const parent = node.getParent();
    if (parent && Node.isTryStatement(parent) && parent.getTryBlock() === node)
      return { kind: 'review', reason: 'url-error-in-try' };
  }
  if (enclosingFunction(statement) !== fn) return { kind: 'review', reason: 'ask-in-helper' };
  const [list, message, ...rest] = construct.getArguments();
  if (!list || rest.length > 0) return shape('it takes its elicitations and an optional message, nothing else');
  const parts = elicitationParts(construct, list);
  if ('kind' in parts) return parts;
  const { members, dropped } = parts;
  // The old message was built on every attempt, the new one only when the user declines: it must be pure.
  if (message && !isReplaySafeExpression(message)) return { kind: 'review', reason: 'repeated-effects' };
  const context = contextOf(fn, analysis);
  if (!context) return { kind: 'review', reason: 'ask-not-statement' };
  const key = `url_${registration.name}`
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_+$/g, '')
    .toLowerCase();
  return {
    kind: 'url-error',
    plan: {
      statement,
      handler: fn,
      registration,
      members,
      errorMessage: message ? { node: message } : { text: DEFAULT_URL_ERROR_MESSAGE },
      key,
      ...context,
      dropped,
      droppable: ['UrlElicitationRequiredError', ...droppableImports(dropped)],
    },
  };
}

/** A review of the throw's shape, with what to write instead. */
function shape(detail: string): Review {
  return { kind: 'review', reason: 'url-error-shape', detail };
}

/**
 * The one URL elicitation written in the throw (`[{ mode: 'url', message, url, elicitationId }]`): the members
 * kept for `inputRequired.elicitUrl` and the nodes the rewrite drops, or why its shape does not do.
 */
function elicitationParts(construct: NewExpression, list: Node): { members: Node[]; dropped: Node[] } | Review {
  if (!Node.isArrayLiteralExpression(list))
    return shape(`its elicitations (\`${oneLine(list.getText(), 40)}\`) are not an array written in the throw`);
  if (list.getElements().length !== 1)
    return shape(`it throws ${list.getElements().length} elicitations: one tool call can ask one URL this way`);
  const element = list.getElements()[0]!;
  if (!Node.isObjectLiteralExpression(element))
    return shape(
      `its elicitation (\`${oneLine(element.getText(), 40)}\`) is not an object literal written in the throw: write { mode: 'url', message, url } there`,
    );
  const members: Node[] = [];
  const dropped: Node[] = [construct.getExpression()];
  const names = new Set<string>();
  for (const property of element.getProperties()) {
    if (!Node.isPropertyAssignment(property) && !Node.isShorthandPropertyAssignment(property))
      return shape(
        `its elicitation has \`${oneLine(property.getText(), 40)}\`: only message, url, mode and elicitationId written out`,
      );
    const name = property.getName();
    names.add(name);
    if (name === 'message' || name === 'url') {
      members.push(property);
    } else if (name === 'mode') {
      const value = Node.isPropertyAssignment(property) ? stringValue(property.getInitializer()) : undefined;
      if (value !== 'url') return shape("its elicitation's mode is not the literal 'url'");
      dropped.push(property);
    } else if (name === 'elicitationId') {
      // 2026-07-28 has no elicitationId: its expression is no longer evaluated, which must change nothing.
      const value = Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
      if (value && !isReplaySafeExpression(value) && !isRandomId(value))
        return shape(
          `its elicitationId (\`${oneLine(value.getText(), 40)}\`) is computed with effects, which would no longer run`,
        );
      dropped.push(property);
    } else {
      return shape(`its elicitation has a property ${name}: only message, url, mode and elicitationId`);
    }
  }
  if (!names.has('message') || !names.has('url'))
    return shape(`its elicitation has no ${names.has('message') ? 'url' : 'message'}`);
  return { members, dropped };
}

/** `randomUUID()` / `crypto.randomUUID()`: a fresh id and nothing else. */
function isRandomId(node: Node): boolean {
  if (!Node.isCallExpression(node) || node.getArguments().length > 0) return false;
  const callee = node.getExpression();
  return (
    (Node.isIdentifier(callee) && callee.getText() === 'randomUUID') ||
    (Node.isPropertyAccessExpression(callee) && callee.getName() === 'randomUUID')
  );
}

/** Names used in the dropped nodes that are named imports of a module without side effects. */
function droppableImports(dropped: Node[]): string[] {
  const out = new Set<string>();
  for (const node of dropped) {
    for (const id of node.getDescendantsOfKind(SyntaxKind.Identifier)) {
      const declaration = id.getSymbol()?.getDeclarations()[0];
      const module = declaration ? importedModuleOf(declaration) : undefined;
      if (module && DROPPABLE_MODULES.has(module) && declaration && Node.isImportSpecifier(declaration))
        out.add(id.getText());
    }
  }
  return [...out];
}
