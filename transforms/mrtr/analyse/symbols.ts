import { Node, SyntaxKind, ts } from '../../../lib/tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import type { AnalysisProject } from '../../../lib/project.js';
import { nodeFromCompilerNode } from '../../../lib/tsMorphInternals.js';
import { sdkMajorOfModule } from '../constants.js';

export interface SdkName {
  /** The exported name (`McpServer`), or `*` for a namespace import. */
  name: string;
  major: 'v1' | 'v2';
}

/**
 * Declarations a name refers to, following imports into the analysed files (parsing them on demand).
 * An import from the SDK is returned as the import declaration itself: the SDK is never parsed.
 */
export function declarationsOf(project: AnalysisProject, node: Node): Node[] {
  const symbol = node.getSymbol();
  const declarations = symbol?.getDeclarations() ?? [];
  const first = declarations[0];
  if (!first) return memberOfRequiredModule(project, node);
  const moduleSpecifier = importedModuleOf(first);
  if (moduleSpecifier === undefined) return declarations.flatMap(behindShorthand);
  if (sdkMajorOfModule(moduleSpecifier)) return [first];
  const target = project.loadModule(first.getSourceFile().getFilePath(), moduleSpecifier);
  if (!target) return [first];
  if (Node.isBindingElement(first)) {
    // `const { helper } = require('./x')` / `await import('./x')`: the export of that name.
    const exported = exportedDeclarations(target, (first.getPropertyNameNode() ?? first.getNameNode()).getText());
    return exported.length > 0 ? exported : [first];
  }
  // The program was rebuilt when the module was parsed: ask again for a fresh symbol.
  const fresh = node.getSymbol();
  const aliased = fresh?.isAlias() ? fresh.getAliasedSymbol() : fresh;
  const resolved = aliased?.getDeclarations() ?? [];
  return resolved.length > 0 ? resolved : [first];
}

/** `mod.helper` where `const mod = require('./x')` or `await import('./x')`: the export `helper` of `./x`. */
function memberOfRequiredModule(project: AnalysisProject, node: Node): Node[] {
  const access = node.getParent();
  if (!access || !Node.isPropertyAccessExpression(access) || access.getNameNode() !== node) return [];
  const base = access.getExpression();
  if (!Node.isIdentifier(base)) return [];
  const holder = base.getSymbol()?.getDeclarations()[0];
  if (!holder || !Node.isVariableDeclaration(holder)) return [];
  const init = holder.getInitializer();
  const specifier = init ? requiredModuleOf(init) : undefined;
  if (!specifier || sdkMajorOfModule(specifier)) return [];
  const target = project.loadModule(holder.getSourceFile().getFilePath(), specifier);
  return target ? exportedDeclarations(target, access.getName()) : [];
}

/** `{ helper }` (an object map, `module.exports = { helper }`): the declaration the shorthand stands for. */
function behindShorthand(declaration: Node): Node[] {
  if (!Node.isShorthandPropertyAssignment(declaration)) return [declaration];
  const value = declaration.getValueSymbol()?.getDeclarations() ?? [];
  return value.length > 0 ? value : [declaration];
}

function exportedDeclarations(target: SourceFile, name: string): Node[] {
  const found = target.getExportedDeclarations().get(name) ?? [];
  return found.flatMap((declaration) => {
    // CommonJS `module.exports = { helper }` / `exports.helper = fn`: the function behind the property.
    if (Node.isShorthandPropertyAssignment(declaration)) {
      return declaration.getValueSymbol()?.getDeclarations() ?? [declaration];
    }
    if (Node.isPropertyAccessExpression(declaration) || Node.isBinaryExpression(declaration)) {
      const assignment = Node.isBinaryExpression(declaration) ? declaration : declaration.getParent();
      if (assignment && Node.isBinaryExpression(assignment)) return [assignment];
    }
    return [declaration];
  });
}

/** For an import-like declaration (ES import, `require` binding), its module specifier. */
export function importedModuleOf(declaration: Node): string | undefined {
  const importDeclaration = declaration.getFirstAncestorByKind(SyntaxKind.ImportDeclaration);
  if (
    importDeclaration &&
    (Node.isImportSpecifier(declaration) || Node.isImportClause(declaration) || Node.isNamespaceImport(declaration))
  ) {
    return importDeclaration.getModuleSpecifierValue();
  }
  if (Node.isImportEqualsDeclaration(declaration)) {
    const ref = declaration.getModuleReference();
    if (Node.isExternalModuleReference(ref)) {
      const expr = ref.getExpression();
      return expr && Node.isStringLiteral(expr) ? expr.getLiteralValue() : undefined;
    }
  }
  if (Node.isExportSpecifier(declaration)) {
    return declaration.getExportDeclaration().getModuleSpecifierValue();
  }
  const variable = Node.isBindingElement(declaration)
    ? declaration.getFirstAncestorByKind(SyntaxKind.VariableDeclaration)
    : Node.isVariableDeclaration(declaration)
      ? declaration
      : undefined;
  const init = variable?.getInitializer();
  return init ? requiredModuleOf(init) : undefined;
}

/** `require('x')` (possibly awaited `import('x')`) -> `x`. */
export function requiredModuleOf(expression: Node): string | undefined {
  let expr = expression;
  if (Node.isAwaitExpression(expr)) expr = expr.getExpression();
  if (!Node.isCallExpression(expr)) return undefined;
  const callee = expr.getExpression();
  const isRequire = Node.isIdentifier(callee) && callee.getText() === 'require';
  const isDynamicImport = callee.getKind() === SyntaxKind.ImportKeyword;
  const arg = expr.getArguments()[0];
  if ((isRequire || isDynamicImport) && arg && Node.isStringLiteral(arg)) return arg.getLiteralValue();
  return undefined;
}

/** If the declaration imports a name from the SDK, which one. */
export function sdkImportOf(declaration: Node): SdkName | undefined {
  const specifier = importedModuleOf(declaration);
  const major = specifier === undefined ? undefined : sdkMajorOfModule(specifier);
  if (!major) return undefined;
  if (Node.isImportSpecifier(declaration)) {
    return { name: declaration.getNameNode().getText(), major };
  }
  if (Node.isBindingElement(declaration)) {
    const property = declaration.getPropertyNameNode();
    return { name: (property ?? declaration.getNameNode()).getText(), major };
  }
  return { name: '*', major };
}

/** The SDK export an expression or type name denotes: `McpServer`, `sdk.McpServer`, `types.ElicitResultSchema`. */
export function sdkNameOf(project: AnalysisProject, node: Node): SdkName | undefined {
  if (Node.isIdentifier(node)) {
    const declaration = declarationsOf(project, node)[0];
    return declaration ? (sdkImportOf(declaration) ?? reexportedSdkName(project, declaration)) : undefined;
  }
  if (Node.isPropertyAccessExpression(node) || Node.isQualifiedName(node)) {
    const left = Node.isPropertyAccessExpression(node) ? node.getExpression() : node.getLeft();
    const right = Node.isPropertyAccessExpression(node) ? node.getName() : node.getRight().getText();
    const namespace = sdkNameOf(project, left);
    if (namespace) return namespace.name === '*' ? { name: right, major: namespace.major } : undefined;
    return Node.isIdentifier(left) ? reexportedThroughNamespace(project, left, right) : undefined;
  }
  if (Node.isImportTypeNode(node)) {
    const argument = node.getArgument();
    const literal = Node.isLiteralTypeNode(argument) ? argument.getLiteral() : undefined;
    const major = literal && Node.isStringLiteral(literal) ? sdkMajorOfModule(literal.getLiteralValue()) : undefined;
    const qualifier = node.getQualifier();
    return major && qualifier ? { name: qualifier.getText().split('.').pop()!, major } : undefined;
  }
  return undefined;
}

const reexports = new WeakMap<Node, SdkName | null>();

/**
 * `import { McpServer } from './sdk.js'` where the project's own module re-exports the SDK's (`export { McpServer }
 * from '@modelcontextprotocol/sdk/server/mcp.js'`, `export * from ...`, or an SDK import exported again), through
 * any chain of such modules: the SDK name it stands for. The compiler cannot follow these (packages never resolve).
 */
function reexportedSdkName(project: AnalysisProject, declaration: Node, hops = 0): SdkName | undefined {
  if (hops > 4 || !Node.isImportSpecifier(declaration)) return undefined;
  const cached = reexports.get(declaration);
  if (cached !== undefined) return cached ?? undefined;
  reexports.set(declaration, null);
  const specifier = importedModuleOf(declaration);
  const target = specifier ? project.loadModule(declaration.getSourceFile().getFilePath(), specifier) : undefined;
  const name = declaration.getNameNode().getText();
  const found = target ? exportedSdkName(project, target, name, hops) : undefined;
  reexports.set(declaration, found ?? null);
  return found;
}

/** `app.McpServer` where `import * as app from './sdk.js'` and that module re-exports the SDK's. */
function reexportedThroughNamespace(project: AnalysisProject, namespace: Node, name: string): SdkName | undefined {
  const declaration = namespace.getSymbol()?.getDeclarations()[0];
  if (!declaration || !Node.isNamespaceImport(declaration)) return undefined;
  const specifier = importedModuleOf(declaration);
  const target = specifier ? project.loadModule(declaration.getSourceFile().getFilePath(), specifier) : undefined;
  return target ? exportedSdkName(project, target, name, 0) : undefined;
}

function exportedSdkName(project: AnalysisProject, file: SourceFile, name: string, hops: number): SdkName | undefined {
  const declarations = file.getExportDeclarations();
  const fromModule = (module: string, exported: string): SdkName | undefined => {
    const major = sdkMajorOfModule(module);
    if (major) return { name: exported, major };
    const next = project.loadModule(file.getFilePath(), module);
    return next && hops < 4 ? exportedSdkName(project, next, exported, hops + 1) : undefined;
  };
  for (const declaration of declarations) {
    for (const specifier of declaration.getNamedExports()) {
      if ((specifier.getAliasNode() ?? specifier.getNameNode()).getText() !== name) continue;
      const original = specifier.getNameNode().getText();
      const module = declaration.getModuleSpecifierValue();
      if (module !== undefined) return fromModule(module, original);
      // `import { McpServer } from '...'; export { McpServer };`
      for (const local of specifier.getLocalTargetDeclarations()) {
        const sdk = sdkImportOf(local) ?? reexportedSdkName(project, local, hops + 1);
        if (sdk) return sdk;
      }
      return undefined;
    }
  }
  for (const declaration of declarations) {
    const module = declaration.getModuleSpecifierValue();
    if (module === undefined || declaration.getNamedExports().length > 0 || declaration.getNamespaceExport()) continue;
    const found = fromModule(module, name);
    if (found) return found;
  }
  return undefined;
}

/** The last identifier of a name-like expression: `CallToolRequestSchema`, `types.CallToolRequestSchema`. */
export function simpleName(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (Node.isIdentifier(node)) return node.getText();
  if (Node.isPropertyAccessExpression(node)) return node.getName();
  return undefined;
}

export function stringValue(node: Node | undefined): string | undefined {
  const value = node ? constValue(node) : undefined;
  if (value && (Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value)))
    return value.getLiteralValue();
  return undefined;
}

/** A `const` name's initializer (`const method = 'roots/list'`, `const request = { method, params }`), else the node. */
export function constValue(node: Node, depth = 0): Node {
  const value = unwrap(node);
  if (!Node.isIdentifier(value) || depth > 3) return value;
  const declaration = value.getSymbol()?.getDeclarations()[0];
  if (
    !declaration ||
    !Node.isVariableDeclaration(declaration) ||
    !declaration.getVariableStatement()?.getDeclarationKind().startsWith('const')
  )
    return value;
  const init = declaration.getInitializer();
  return init ? constValue(init, depth + 1) : value;
}

/** Strip wrappers that do not change the value: parentheses, `as`, `!`, `satisfies`, `await`. */
export function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    if (
      Node.isParenthesizedExpression(current) ||
      Node.isAsExpression(current) ||
      Node.isNonNullExpression(current) ||
      Node.isSatisfiesExpression(current) ||
      Node.isTypeAssertion(current) ||
      Node.isAwaitExpression(current)
    ) {
      current = current.getExpression();
    } else {
      return current;
    }
  }
}

/**
 * The outermost of the wrappers around `node` that do not change its value (parentheses, `as`, `!`, `satisfies`,
 * `<T>`): the expression its parent reads (`(x as Y)!` for `x`). `unwrap` goes the other way.
 */
export function outermostOf(node: Node): Node {
  let current = node;
  for (let parent = current.getParent(); parent; parent = parent.getParent()) {
    if (
      !Node.isParenthesizedExpression(parent) &&
      !Node.isAsExpression(parent) &&
      !Node.isNonNullExpression(parent) &&
      !Node.isSatisfiesExpression(parent) &&
      !Node.isTypeAssertion(parent)
    )
      break;
    current = parent;
  }
  return current;
}

/** Offsets of whole-word occurrences of `word` in the file text. */
export function wordOffsets(sourceFile: SourceFile, word: string): number[] {
  const text = sourceFile.getFullText();
  const offsets: number[] = [];
  let index = text.indexOf(word);
  while (index !== -1) {
    const before = index > 0 ? text.charCodeAt(index - 1) : 32;
    const after = text.charCodeAt(index + word.length);
    if (!isIdentifierChar(before) && !isIdentifierChar(after)) offsets.push(index);
    index = text.indexOf(word, index + word.length);
  }
  return offsets;
}

function isIdentifierChar(code: number): boolean {
  return !Number.isNaN(code) && ts.isIdentifierPart(code, ts.ScriptTarget.ES2022);
}

/**
 * The identifier at an offset, if that offset starts one. The same node as ts-morph's
 * `sourceFile.getDescendantAtPos(offset)` when that is an identifier starting there, found on the compiler's
 * nodes: getDescendantAtPos wraps every node on the way down and lists each one's tokens, which made this the
 * most expensive call of the name searches. The descent is the one of `getChildren`: JSDoc first, then the
 * child nodes, each the first whose range (leading trivia included) holds the offset; the tokens between child
 * nodes hold no identifier, so they are not listed.
 */
export function identifierAt(sourceFile: SourceFile, offset: number): Node | undefined {
  let current: ts.Node = sourceFile.compilerNode;
  for (;;) {
    const next = childAtPos(current, offset);
    if (!next) break;
    current = next;
  }
  if (current.kind !== SyntaxKind.Identifier && current.kind !== SyntaxKind.PrivateIdentifier) return undefined;
  if (current.getStart(sourceFile.compilerNode) !== offset) return undefined;
  return nodeFromCompilerNode(sourceFile, current);
}

function childAtPos(node: ts.Node, offset: number): ts.Node | undefined {
  const holds = (child: ts.Node) => offset >= child.pos && offset < child.end;
  for (const doc of (node as { jsDoc?: ts.Node[] }).jsDoc ?? []) if (holds(doc)) return doc;
  // A list's elements follow each other without overlap: found by halving (a bundle's top level holds thousands).
  return ts.forEachChild(
    node,
    (child) => (holds(child) ? child : undefined),
    (list) => elementAtPos(list, offset),
  );
}

/** The element of a node list that holds `offset` (elements are in source order and do not overlap). */
function elementAtPos(list: ts.NodeArray<ts.Node>, offset: number): ts.Node | undefined {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const element = list[middle]!;
    if (offset < element.pos) high = middle - 1;
    else if (offset >= element.end) low = middle + 1;
    else return element;
  }
  return undefined;
}
