import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { Chain } from './chains.js';
import type { MrtrAnalysis } from './classify.js';
import { enclosingFunction, type FunctionNode } from './functions.js';
import type { Registration } from './handlers.js';
import type { PushCall } from './pushCall.js';
import { unwrap } from './symbols.js';

// The handler a site serves, as every planner reads it: the registered callback, whether the ask is written in
// it, and how it reaches `ctx.mcpReq`.

/** A site found in a handler, with what classification learned about it. */
export interface HandlerSite {
  call: PushCall;
  chains: Chain[];
  guards: string[];
}

/** The registered callback: inline, or the function a name refers to (`registerTool('x', config, handleX)`). */
export function handlerOf(registration: Registration): Node | undefined {
  const callback = unwrap(registration.callback);
  if (!Node.isIdentifier(callback)) return callback;
  const declaration = callback.getSymbol()?.getDeclarations()[0];
  if (declaration && Node.isFunctionDeclaration(declaration)) return declaration;
  const init = declaration && Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
  return init ? unwrap(init) : undefined;
}

/** Whether a site's ask is written in the handler it serves (its only chain is that handler's own frame). */
export function isDirectAsk({ call, chains }: HandlerSite): boolean {
  const registration = chains[0]?.registration;
  return (
    !!registration &&
    enclosingFunction(call.node) === handlerOf(registration) &&
    chains.every((c) => c.registration === registration)
  );
}

/** How a handler reaches `ctx.mcpReq`, and the context parameter to add when it declares none. */
export interface HandlerContext {
  /** How the handler reaches `ctx.mcpReq`: `ctx.mcpReq`, or a destructured `mcpReq`. */
  mcpReq: string;
  /** When the handler declares no context parameter yet: where to add it and its name. */
  addContext?: { start: number; end: number; text: string };
}

/** The handler's way to `ctx.mcpReq`, adding a context parameter when the callback declares none. */
export function contextOf(fn: FunctionNode, analysis: MrtrAnalysis): HandlerContext | undefined {
  const context = analysis.contextParameterOf(fn);
  if (!context) return undefined;
  const parameters = fn.getParameters();
  const parameter = parameters[context.index];
  if (parameter && Node.isParameterDeclaration(parameter)) {
    const name = parameter.getNameNode();
    if (Node.isIdentifier(name)) return { mcpReq: `${name.getText()}.mcpReq` };
    if (Node.isObjectBindingPattern(name)) {
      const element = name
        .getElements()
        .find((e) => (e.getPropertyNameNode() ?? e.getNameNode()).getText() === 'mcpReq');
      const local = element?.getNameNode();
      return local && Node.isIdentifier(local) ? { mcpReq: local.getText() } : undefined;
    }
    return undefined;
  }
  if (parameters.length !== context.index || (!Node.isArrowFunction(fn) && !Node.isFunctionExpression(fn)))
    return undefined;
  const taken = new Set(fn.getDescendantsOfKind(SyntaxKind.Identifier).map((id) => id.getText()));
  const name = ['ctx', 'mcpCtx', 'requestCtx'].find((n) => !taken.has(n));
  if (!name) return undefined;
  const close = fn.getFirstChildByKind(SyntaxKind.CloseParenToken);
  if (!close) {
    // `async args => ...`: the single parameter gets parentheses along with the context.
    const only = parameters[0];
    if (!only || parameters.length !== 1) return undefined;
    return {
      mcpReq: `${name}.mcpReq`,
      addContext: { start: only.getStart(), end: only.getEnd(), text: `(${only.getText()}, ${name})` },
    };
  }
  return {
    mcpReq: `${name}.mcpReq`,
    addContext: { start: close.getStart(), end: close.getStart(), text: parameters.length === 0 ? name : `, ${name}` },
  };
}
