import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type {
  ArrowFunction,
  CallExpression,
  FunctionDeclaration,
  FunctionExpression,
  ParameterDeclaration,
  SourceFile,
} from 'ts-morph';
import type { AnalysisProject } from '../../../lib/project.js';
import { constValue, declarationsOf, identifierAt, importedModuleOf, unwrap, wordOffsets } from './symbols.js';

export type FunctionNode = Node & { getParameters(): Node[]; getBody?(): Node | undefined };

export function isFunctionNode(node: Node): node is FunctionNode {
  return (
    Node.isFunctionDeclaration(node) ||
    Node.isFunctionExpression(node) ||
    Node.isArrowFunction(node) ||
    Node.isMethodDeclaration(node) ||
    Node.isConstructorDeclaration(node) ||
    Node.isGetAccessorDeclaration(node) ||
    Node.isSetAccessorDeclaration(node)
  );
}

/**
 * The class whose instance `this` is at `node`: the class of the instance member (method, constructor, accessor,
 * property initializer) it is written in, through arrow functions (which keep `this`); undefined in a static member
 * or another function (which has its own `this`).
 */
export function thisClassOf(node: Node): Node | undefined {
  for (let scope = node.getParent(); scope; scope = scope.getParent()) {
    if (Node.isArrowFunction(scope)) continue;
    if (Node.isFunctionDeclaration(scope) || Node.isFunctionExpression(scope)) return undefined;
    const member =
      Node.isMethodDeclaration(scope) ||
      Node.isConstructorDeclaration(scope) ||
      Node.isPropertyDeclaration(scope) ||
      Node.isGetAccessorDeclaration(scope) ||
      Node.isSetAccessorDeclaration(scope);
    if (!member) continue;
    if (!Node.isConstructorDeclaration(scope) && (scope as unknown as { isStatic(): boolean }).isStatic())
      return undefined;
    const cls = scope.getParent();
    return cls && (Node.isClassDeclaration(cls) || Node.isClassExpression(cls)) ? cls : undefined;
  }
  return undefined;
}

/** A function declared in an analysed file under a name: `function f() {}` or `const f = () => ...`. */
export type ProjectFunction = ArrowFunction | FunctionExpression | FunctionDeclaration;

/** The function a name refers to, when it is declared in an analysed file (`function f() {}` or `const f = () => ...`). */
export function projectFunctionOf(project: AnalysisProject, name: Node): ProjectFunction | undefined {
  const declarations = declarationsOf(project, name);
  if (declarations.length !== 1) return undefined;
  const declaration = declarations[0]!;
  if (declaration.getSourceFile().isDeclarationFile() || declaration.getSourceFile().isInNodeModules())
    return undefined;
  if (Node.isFunctionDeclaration(declaration) && declaration.getBody()) return declaration;
  if (Node.isVariableDeclaration(declaration)) {
    const statement = declaration.getVariableStatement();
    const init = declaration.getInitializer();
    const value = init ? unwrap(init) : undefined;
    if (
      statement?.getDeclarationKind() === 'const' &&
      value &&
      (Node.isArrowFunction(value) || Node.isFunctionExpression(value))
    )
      return value;
  }
  return undefined;
}

/** The innermost function holding a node (not the node itself), or undefined at module level. */
export function enclosingFunction(node: Node): FunctionNode | undefined {
  return node.getFirstAncestor(isFunctionNode) as FunctionNode | undefined;
}

/**
 * The node other code refers to a function by: the declaration whose symbol references resolve to
 * (the function itself, its variable, its property or class field), with the name used in source.
 */
export function namedDeclarationOf(fn: Node): { declaration: Node; name: string } | undefined {
  if (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn) || Node.isGetAccessorDeclaration(fn)) {
    const name = fn.getName();
    return name ? { declaration: fn, name } : undefined;
  }
  if (Node.isConstructorDeclaration(fn)) {
    const cls = fn.getParentIfKind(SyntaxKind.ClassDeclaration);
    const name = cls?.getName();
    return cls && name ? { declaration: cls, name } : undefined;
  }
  if (Node.isFunctionExpression(fn) || Node.isArrowFunction(fn)) {
    let holder: Node = fn;
    let parent = holder.getParent();
    while (
      parent &&
      (Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent))
    ) {
      holder = parent;
      parent = parent.getParent();
    }
    if (!parent) return undefined;
    if (Node.isVariableDeclaration(parent) || Node.isPropertyAssignment(parent) || Node.isPropertyDeclaration(parent)) {
      const nameNode = parent.getNameNode();
      return Node.isIdentifier(nameNode) || Node.isPrivateIdentifier(nameNode) || Node.isStringLiteral(nameNode)
        ? { declaration: parent, name: nameNode.getText().replace(/^['"]|['"]$/g, '') }
        : undefined;
    }
    if (
      Node.isBinaryExpression(parent) &&
      parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken &&
      parent.getRight() === holder
    ) {
      const left = parent.getLeft();
      if (Node.isPropertyAccessExpression(left)) return { declaration: parent, name: left.getName() };
      if (Node.isIdentifier(left)) {
        const declaration = left.getSymbol()?.getDeclarations()[0];
        return declaration ? { declaration, name: left.getText() } : undefined;
      }
    }
  }
  return undefined;
}

/** A readable name for a function in a chain: `confirmAction`, `NotesService.confirm`, `<anonymous>`. */
export function displayName(fn: Node): string {
  const named = namedDeclarationOf(fn);
  const cls = fn.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
  const className = cls && (Node.isClassDeclaration(cls) || Node.isClassExpression(cls)) ? cls.getName() : undefined;
  if (Node.isConstructorDeclaration(fn)) return `${className ?? '<class>'}.constructor`;
  if (!named) return '<anonymous>';
  const memberOfClass =
    Node.isMethodDeclaration(fn) || Node.isGetAccessorDeclaration(fn) || Node.isPropertyDeclaration(named.declaration);
  return memberOfClass && className ? `${className}.${named.name}` : named.name;
}

const referenceCache = new WeakMap<AnalysisProject, Map<Node, Map<string, Node[]>>>();

/** Drop the project's cached references: their nodes may be of files the project lets go (see unloadExcept). */
export function forgetReferences(project: AnalysisProject): void {
  referenceCache.delete(project);
}

/** Identifiers anywhere in the analysed files that refer to `declaration` (by symbol, not just by name). */
export function referencesTo(project: AnalysisProject, declaration: Node, name: string): Node[] {
  let byDeclaration = referenceCache.get(project);
  if (!byDeclaration) referenceCache.set(project, (byDeclaration = new Map()));
  const byName = byDeclaration.get(declaration) ?? new Map<string, Node[]>();
  byDeclaration.set(declaration, byName);
  const cached = byName.get(name);
  if (cached) return cached;
  const found = findReferences(project, declaration, name);
  byName.set(name, found);
  return found;
}

function findReferences(project: AnalysisProject, declaration: Node, name: string): Node[] {
  const targets = new Set<Node>([declaration]);
  for (const related of relatedDeclarations(project, declaration)) targets.add(related);
  const ownNames = new Set([...targets].map((t) => (t as { getNameNode?: () => Node | undefined }).getNameNode?.()));
  const ownName = (declaration as { getNameNode?: () => Node | undefined }).getNameNode?.();
  const refersToTarget = (identifier: Node) =>
    declarationsOf(project, identifier).some((d) => targets.has(d) || (ownName && d === ownName.getParent()));
  const references: Node[] = [];
  const local = targets.size === 1 && isFileLocal(declaration);
  // Names to look for: the declared one, then the names it is re-exported or default-imported under.
  const queue: Array<{ name: string; files?: SourceFile[] }> = [
    { name, files: local ? [declaration.getSourceFile()] : undefined },
  ];
  const searched = new Set<string>();
  while (queue.length > 0) {
    const item = queue.shift()!;
    const files = item.files ?? project.filesMentioning(item.name);
    for (const sourceFile of files) {
      const key = `${item.name}\0${sourceFile.getFilePath()}`;
      if (searched.has(key)) continue;
      searched.add(key);
      for (const identifier of identifiersNamed(sourceFile, item.name)) {
        if (ownNames.has(identifier)) continue;
        const parent = identifier.getParent();
        if (parent && Node.isExportSpecifier(parent)) {
          // `export { helper as confirm }`: importers call it `confirm`.
          const alias = parent.getAliasNode();
          if (alias && alias !== identifier && refersToTarget(identifier)) queue.push({ name: alias.getText() });
          continue;
        }
        if (parent && Node.isExportAssignment(parent) && refersToTarget(identifier)) {
          // `export default helper`: importers choose the name.
          for (const importer of project.defaultImportersOf(sourceFile))
            queue.push({ name: importer.name, files: [importer.file] });
          continue;
        }
        // Import specifiers only relay the name; the uses in the importing file are what count (under its alias,
        // `import { registerOrgTools as registerRecordTools }`, when it has one).
        if (parent && Node.isImportSpecifier(parent)) {
          const alias = parent.getAliasNode();
          if (alias && alias !== identifier && refersToTarget(identifier))
            queue.push({ name: alias.getText(), files: [sourceFile] });
          continue;
        }
        if (parent && Node.isImportClause(parent)) continue;
        // `@param tools` and `{@link helper}` name it in a comment: no code runs there.
        if (isInJsDoc(identifier)) continue;
        if (parent && Node.isBindingElement(parent) && importedModuleOf(parent) !== undefined) continue;
        if (refersToTarget(identifier)) references.push(identifier);
      }
    }
  }
  return references;
}

/** An identifier written in a JSDoc comment. */
function isInJsDoc(identifier: Node): boolean {
  for (let node = identifier.getParent(); node; node = node.getParent()) {
    const kind = node.getKind();
    if (kind >= SyntaxKind.FirstJSDocNode && kind <= SyntaxKind.LastJSDocNode) return true;
    if (Node.isStatement(node) || Node.isSourceFile(node)) return false;
  }
  return false;
}

/**
 * A declaration no other module can name: not exported (ESM or CommonJS), and not a member of an
 * exported class or object. Its references are all in its own file, so no other file is searched.
 */
function isFileLocal(declaration: Node): boolean {
  const sourceFile = declaration.getSourceFile();
  const text = sourceFile.getFullText();
  if (/\b(module\.)?exports\b/.test(text)) return false;
  let node: Node | undefined = declaration;
  // Walk out to the top-level statement that holds the declaration.
  while (node && node.getParent() !== sourceFile) {
    if (isFunctionNode(node) || Node.isBlock(node)) {
      // Declared inside a function body or block: a local, unless it is a member that escapes as a value.
      return (
        !Node.isPropertyAssignment(declaration) &&
        !Node.isMethodDeclaration(declaration) &&
        !Node.isPropertyDeclaration(declaration)
      );
    }
    node = node.getParent();
  }
  if (!node) return false;
  if (Node.isExportAssignment(node) || Node.isExportDeclaration(node)) return false;
  const exported = (node as { hasExportKeyword?: () => boolean }).hasExportKeyword?.() ?? false;
  if (exported) return false;
  const topName = Node.isVariableStatement(node)
    ? node.getDeclarations().map((d) => d.getName())
    : [(node as { getName?: () => string | undefined }).getName?.()];
  // `export { name }` / `export default name` elsewhere in the file.
  return !topName.some((n) => {
    if (!n) return false;
    const word = n.replace(/\$/g, '\\$');
    return new RegExp(`export\\s*(default\\s+${word}(?![\\w$])|\\{[^}]*(?<![\\w$])${word}(?![\\w$]))`).test(text);
  });
}

/** Every `x.name` in the files that mention `name` (the reads of a member called so, whatever `x` is). */
export function memberReadsNamed(project: AnalysisProject, name: string): Node[] {
  return project.filesMentioning(name).flatMap((sourceFile) =>
    identifiersNamed(sourceFile, name).filter((identifier) => {
      const access = identifier.getParent();
      return !!access && Node.isPropertyAccessExpression(access) && access.getNameNode() === identifier;
    }),
  );
}

function identifiersNamed(sourceFile: SourceFile, name: string): Node[] {
  const out: Node[] = [];
  for (const offset of wordOffsets(sourceFile, name)) {
    const identifier = identifierAt(sourceFile, offset);
    if (identifier) out.push(identifier);
  }
  return out;
}

/**
 * Declarations a call may dispatch through to reach a class method: the same-named member of the
 * interfaces the class implements and of its base classes (`handler.execute()` typed as the interface).
 */
function relatedDeclarations(project: AnalysisProject, declaration: Node): Node[] {
  if (!Node.isMethodDeclaration(declaration) && !Node.isPropertyDeclaration(declaration)) return [];
  const cls = declaration.getParentIfKind(SyntaxKind.ClassDeclaration);
  if (!cls) return [];
  const name = declaration.getName();
  const out: Node[] = [];
  const heritage = [...cls.getImplements(), ...(cls.getExtends() ? [cls.getExtends()!] : [])];
  for (const clause of heritage) {
    const expression = clause.getExpression();
    const nameNode = Node.isPropertyAccessExpression(expression) ? expression.getNameNode() : expression;
    for (const typeDeclaration of declarationsOf(project, nameNode)) {
      if (Node.isInterfaceDeclaration(typeDeclaration) || Node.isClassDeclaration(typeDeclaration)) {
        for (const member of typeDeclaration.getMembers()) {
          if ((member as { getName?: () => string }).getName?.() === name) out.push(member);
        }
      }
    }
  }
  return out;
}

/** Source text on one line, shortened to `max` characters, for report messages and notes. */
export function oneLine(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}

/**
 * The functions a callback argument can be: a function literal; a project function by its name; what a `const`
 * holds; either branch of a condition (`undefined` and `null` are none); a member of a `const` object literal of the
 * project, the one named (`PROFILES.admin`) or any (`PROFILES[name]`). Undefined when one part cannot be read.
 */
export function callbackFunctionsOf(project: AnalysisProject, node: Node, depth: number): FunctionNode[] | undefined {
  const value = unwrap(node);
  if (depth > 4) return undefined;
  if (isFunctionNode(value)) return [value];
  if (value.getKind() === SyntaxKind.UndefinedKeyword || Node.isNullLiteral(value)) return [];
  if (Node.isIdentifier(value) && value.getText() === 'undefined') return [];
  if (Node.isConditionalExpression(value)) {
    const branches = [value.getWhenTrue(), value.getWhenFalse()].map((b) => callbackFunctionsOf(project, b, depth + 1));
    return branches.every((b) => b !== undefined) ? branches.flat() : undefined;
  }
  if (Node.isIdentifier(value)) {
    const fn = projectFunctionOf(project, value);
    if (fn) return [fn];
    const init = constInitializerOf(project, value);
    return init ? callbackFunctionsOf(project, init, depth + 1) : undefined;
  }
  if (Node.isPropertyAccessExpression(value) || Node.isElementAccessExpression(value)) {
    const holder = unwrap(value.getExpression());
    const init = Node.isIdentifier(holder) ? constInitializerOf(project, holder) : undefined;
    const literal = init ? unwrap(init) : undefined;
    if (!literal || !Node.isObjectLiteralExpression(literal)) return undefined;
    const name = Node.isPropertyAccessExpression(value) ? value.getName() : undefined;
    const found: FunctionNode[] = [];
    for (const property of literal.getProperties()) {
      if (
        name !== undefined &&
        propertyKeyOf(property) !== name &&
        !(Node.isMethodDeclaration(property) && property.getName() === name)
      )
        continue;
      if (Node.isMethodDeclaration(property)) found.push(property);
      else if (Node.isPropertyAssignment(property)) {
        const fns = callbackFunctionsOf(project, property.getInitializerOrThrow(), depth + 1);
        if (!fns) return undefined;
        found.push(...fns);
      } else return undefined;
    }
    return found;
  }
  return undefined;
}

/** The initializer of the `const` a name is declared by (in the project), if it is one. */
export function constInitializerOf(project: AnalysisProject, name: Node): Node | undefined {
  const declarations = declarationsOf(project, name);
  const declaration = declarations.length === 1 ? declarations[0] : undefined;
  if (!declaration || !Node.isVariableDeclaration(declaration)) return undefined;
  if (declaration.getVariableStatement()?.getDeclarationKind() !== 'const') return undefined;
  if (declaration.getSourceFile().isDeclarationFile()) return undefined;
  return declaration.getInitializer();
}

/** The key of `key: value` / `key` in an object literal, when it is written out. */
export function propertyKeyOf(property: Node): string | undefined {
  if (Node.isShorthandPropertyAssignment(property)) return property.getName();
  if (!Node.isPropertyAssignment(property)) return undefined;
  const name = property.getNameNode();
  if (Node.isIdentifier(name) || Node.isNumericLiteral(name)) return name.getText();
  if (Node.isStringLiteral(name) || Node.isNoSubstitutionTemplateLiteral(name)) return name.getLiteralValue();
  // `[TOOL_NAME.DELETE]: deleteTool`, where `const TOOL_NAME = { DELETE: 'delete_note' } as const`.
  if (Node.isComputedPropertyName(name)) return constStringOf(name.getExpression());
  return undefined;
}

/** A string a `const` holds, directly or as a member of a `const` object literal (`TOOL_NAME.DELETE`). */
function constStringOf(expression: Node, depth = 0): string | undefined {
  const value = constValue(expression);
  if (Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value)) return value.getLiteralValue();
  if (!Node.isPropertyAccessExpression(value) || depth > 3) return undefined;
  const holder = constValue(value.getExpression());
  if (!Node.isObjectLiteralExpression(holder)) return undefined;
  const member = holder.getProperty(value.getName());
  return member && Node.isPropertyAssignment(member)
    ? constStringOf(member.getInitializerOrThrow(), depth + 1)
    : undefined;
}

/**
 * The direct calls of a function's named parameter in its body (`work()` in `withRetry(work)`), or the first reference
 * to it that is not one (it is stored, passed on, read). A JSDoc `@param` naming it is no use of it.
 */
export function parameterCalls(
  fn: Node,
  parameter: ParameterDeclaration,
  /** A call that calls its argument at once and returns its result (`store.run(value, work)`): a call of it. */
  callsAtOnce?: (call: CallExpression, argument: Node) => boolean,
): { calls: CallExpression[] } | { other: Node } {
  const name = parameter.getNameNode();
  const symbol = name.getSymbol();
  const calls: CallExpression[] = [];
  for (const reference of fn.getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (reference === name || reference.getText() !== name.getText() || reference.getSymbol() !== symbol) continue;
    if (inJsDoc(reference)) continue;
    const parent = reference.getParent();
    if (parent && Node.isCallExpression(parent) && parent.getExpression() === reference) calls.push(parent);
    else if (parent && Node.isCallExpression(parent) && callsAtOnce?.(parent, reference)) calls.push(parent);
    else return { other: reference };
  }
  return { calls };
}

/** Whether a node sits in a JSDoc comment (`@param work - the step` names a parameter without using it). */
export function inJsDoc(node: Node): boolean {
  return node.getFirstAncestor((a) => Node.isJSDoc(a)) !== undefined;
}
