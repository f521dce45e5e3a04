import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { CallExpression, ElementAccessExpression, PropertyAccessExpression, SourceFile } from 'ts-morph';
import type { MrtrAnalysis } from '../analyse/classify.js';
import type { PushCall } from '../analyse/pushCall.js';
import { frameworkDetail, importedFrom, importedPackages } from '../analyse/frameworkEntries.js';
import { unwrap } from '../analyse/symbols.js';
import { FRAMEWORK_APIS, type Framework, type FrameworkApi } from '../frameworks.js';
import { memberAccesses } from './calls.js';

/**
 * Asks made through a framework's own API (frameworks.ts): the framework sends the push-style request, so the site
 * is a review item naming the framework. A row counts only where the file imports the framework's package (or, for
 * a distinctive name, a file linked to it by relative imports does), and the receiver has the row's shape.
 */
export function findFrameworkCalls(sourceFile: SourceFile, analysis: MrtrAnalysis): PushCall[] {
  const imported = importedPackages(sourceFile);
  const linked = analysis.project.rootModulesOf(sourceFile.getFilePath());
  const found: PushCall[] = [];
  for (const row of FRAMEWORK_APIS) {
    const packages = row.framework.packages;
    if (!packages.some((p) => imported.has(p) || (row.linked && linked.has(p)))) continue;
    if (row.receiver === 'rpc') {
      for (const node of rpcCalls(sourceFile, row.api))
        found.push({
          node,
          kind: row.kind,
          form: `${receiverText((node.getExpression() as ElementAccessExpression).getExpression())}[${JSON.stringify(row.api)}]`,
          sdk: 'unknown',
          reason: 'framework-api',
          detail: frameworkDetail(row.framework),
        });
      continue;
    }
    for (const access of memberAccesses(sourceFile, row.api)) {
      const node = callOf(access);
      if (!node || !receiverFits(access.getExpression(), row)) continue;
      found.push({
        node,
        kind: row.kind,
        form: `${receiverText(access.getExpression())}.${row.api}`,
        sdk: 'unknown',
        reason: 'framework-api',
        detail: frameworkDetail(row.framework),
      });
    }
  }
  return found;
}

/** Calls of an RPC method named by its MCP method in an element access: `client["sampling/createMessage"](request)`. */
function rpcCalls(
  sourceFile: SourceFile,
  method: string,
): Array<CallExpression & { getExpression(): ElementAccessExpression }> {
  if (!sourceFile.getFullText().includes(method)) return [];
  const calls: Array<CallExpression & { getExpression(): ElementAccessExpression }> = [];
  for (const access of sourceFile.getDescendantsOfKind(SyntaxKind.ElementAccessExpression)) {
    const argument = access.getArgumentExpression();
    if (!argument || !Node.isStringLiteral(argument) || argument.getLiteralValue() !== method) continue;
    const call = access.getParent();
    if (call && Node.isCallExpression(call) && call.getExpression() === access)
      calls.push(call as CallExpression & { getExpression(): ElementAccessExpression });
  }
  return calls;
}

function callOf(access: PropertyAccessExpression): Node | undefined {
  const call = access.getParent();
  return call && Node.isCallExpression(call) && call.getExpression() === access ? call : undefined;
}

function receiverFits(receiver: Node, row: FrameworkApi): boolean {
  const target = unwrap(receiver);
  switch (row.receiver) {
    case 'session':
      return isSession(target);
    case 'parameter':
      return isParameter(target);
    case 'this':
      return Node.isThisExpression(target) && extendsFrameworkClass(target, row.framework);
    case 'rpc':
      return true;
    case 'context-server':
      return (
        Node.isPropertyAccessExpression(target) &&
        target.getName() === 'server' &&
        Node.isPropertyAccessExpression(target.getExpression()) &&
        (target.getExpression() as PropertyAccessExpression).getName() === 'mcpServer' &&
        isParameter(unwrap((target.getExpression() as PropertyAccessExpression).getExpression()))
      );
  }
}

/** A session by its name, or a local holding one (`const active = server.sessions[0]`). */
function isSession(receiver: Node): boolean {
  if (/session/i.test(lastName(receiver) ?? '')) return true;
  if (!Node.isIdentifier(receiver)) return false;
  const declaration = receiver.getSymbol()?.getDeclarations()[0];
  const init = declaration && Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
  return init !== undefined && /session/i.test(lastName(unwrap(init)) ?? '');
}

/** The name a receiver ends with: `session`, `this.session` -> `session`; `server.sessions[0]` -> `sessions`. */
function lastName(node: Node): string | undefined {
  if (Node.isIdentifier(node)) return node.getText();
  if (Node.isPropertyAccessExpression(node)) return node.getName();
  if (Node.isElementAccessExpression(node)) return lastName(unwrap(node.getExpression()));
  return undefined;
}

function isParameter(node: Node): boolean {
  if (!Node.isIdentifier(node)) return false;
  return (node.getSymbol()?.getDeclarations() ?? []).some((d) => Node.isParameterDeclaration(d));
}

/** `this` in a class (or an arrow function inside one) whose `extends` names a class imported from the framework. */
function extendsFrameworkClass(self: Node, framework: Framework): boolean {
  const owner = self.getFirstAncestor(
    (n) =>
      Node.isClassDeclaration(n) ||
      Node.isClassExpression(n) ||
      Node.isFunctionDeclaration(n) ||
      Node.isFunctionExpression(n),
  );
  if (!owner || !(Node.isClassDeclaration(owner) || Node.isClassExpression(owner))) return false;
  const base = owner.getExtends()?.getExpression();
  const name = base && (Node.isPropertyAccessExpression(base) ? base.getExpression() : base);
  if (!name || !Node.isIdentifier(name)) return false;
  return importedFrom(name, framework);
}

/** The receiver as written, when it is short and plain (`session`, `this.session`, `server.sessions[0]`); else `<receiver>`. */
export function receiverText(receiver: Node): string {
  const text = unwrap(receiver).getText();
  return text.length <= 40 && /^[\w$.[\]'"]+$/.test(text) ? text : '<receiver>';
}
