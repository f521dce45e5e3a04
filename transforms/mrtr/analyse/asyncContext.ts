import { Node } from '../../../lib/tsMorph.cjs';
import type { CallExpression } from 'ts-morph';
import type { AnalysisProject } from '../../../lib/project.js';
import { declarationsOf, importedModuleOf, unwrap } from './symbols.js';

/** A name or `this.field` the project initialises with `new AsyncLocalStorage(...)` of Node's `async_hooks`. */
export function isAsyncLocalStorage(receiver: Node, project: AnalysisProject): boolean {
  const name = Node.isPropertyAccessExpression(receiver) ? receiver.getNameNode() : receiver;
  if (!Node.isIdentifier(name)) return false;
  const declarations = declarationsOf(project, name);
  return (
    declarations.length === 1 &&
    declarations.every((d) => {
      if (!Node.isVariableDeclaration(d) && !Node.isPropertyDeclaration(d)) return false;
      const init = d.getInitializer();
      const value = init ? unwrap(init) : undefined;
      if (!value || !Node.isNewExpression(value)) return false;
      const made = unwrap(value.getExpression());
      const local = Node.isPropertyAccessExpression(made) ? unwrap(made.getExpression()) : made;
      const imported = Node.isIdentifier(local) ? local.getSymbol()?.getDeclarations()[0] : undefined;
      const module = imported ? importedModuleOf(imported) : undefined;
      const className = Node.isPropertyAccessExpression(made)
        ? made.getName()
        : imported && Node.isImportSpecifier(imported)
          ? imported.getName()
          : imported && Node.isBindingElement(imported)
            ? (imported.getPropertyNameNode() ?? imported.getNameNode()).getText()
            : undefined;
      return /^(node:)?async_hooks$/.test(module ?? '') && className === 'AsyncLocalStorage';
    })
  );
}

/**
 * `store.run(value, fn)` of an `AsyncLocalStorage`, with `node` as its callback: Node calls `fn` at once, in a context
 * where `store.getStore()` gives `value`, and returns what `fn` returns (a throw comes through): a direct call of `fn`.
 */
export function isContextRun(call: CallExpression, node: Node, project: AnalysisProject): boolean {
  const callee = unwrap(call.getExpression());
  const args = call.getArguments();
  return (
    Node.isPropertyAccessExpression(callee) &&
    callee.getName() === 'run' &&
    args.length === 2 &&
    args[1] === node &&
    isAsyncLocalStorage(unwrap(callee.getExpression()), project)
  );
}
