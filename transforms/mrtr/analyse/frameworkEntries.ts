// Handlers a framework runs (frameworks.ts FRAMEWORK_ENTRIES): entries of a chain, like an SDK registration's callback,
// but owned by the framework, so a planner never takes them for a registration it could rewrite.
import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import { FRAMEWORK_APIS, FRAMEWORK_ENTRIES, type Framework, type FrameworkEntry } from '../frameworks.js';
import type { FunctionNode } from './functions.js';
import { importedModuleOf, requiredModuleOf, simpleName, stringValue } from './symbols.js';

const importsMemo = new WeakMap<SourceFile, Set<string>>();
const FRAMEWORK_PACKAGE_NAMES = [...new Set(FRAMEWORK_APIS.flatMap((row) => row.framework.packages))];

/** The framework packages the file imports (`import`, `export ... from`, `require`, `import()`), a subpath counting as its package. */
export function importedPackages(sourceFile: SourceFile): Set<string> {
  const known = importsMemo.get(sourceFile);
  if (known) return known;
  const packages = new Set<string>();
  // A specifier is a string literal: a file whose text names no framework package in quotes imports none (and a
  // bundle's thousands of calls are not walked).
  const text = sourceFile.getFullText();
  if (!FRAMEWORK_PACKAGE_NAMES.some((p) => text.includes(`'${p}`) || text.includes(`"${p}`))) {
    importsMemo.set(sourceFile, packages);
    return packages;
  }
  const specifiers = [
    ...sourceFile.getImportDeclarations().map((d) => d.getModuleSpecifierValue()),
    ...sourceFile.getExportDeclarations().map((d) => d.getModuleSpecifierValue()),
  ];
  for (const call of sourceFile.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const specifier = requiredModuleOf(call);
    if (specifier) specifiers.push(specifier);
  }
  for (const specifier of specifiers) {
    if (!specifier) continue;
    for (const row of FRAMEWORK_APIS)
      for (const p of row.framework.packages) if (isPackage(specifier, p)) packages.add(p);
  }
  importsMemo.set(sourceFile, packages);
  return packages;
}

/** Whether a module specifier is the package or one of its subpaths. */
export function isPackage(specifier: string, name: string): boolean {
  return specifier === name || specifier.startsWith(`${name}/`);
}

/** Whether a name refers to an import from one of the framework's packages. */
export function importedFrom(name: Node, framework: Framework): boolean {
  return (name.getSymbol()?.getDeclarations() ?? []).some((d) => {
    const specifier = importedModuleOf(d);
    return specifier !== undefined && framework.packages.some((p) => isPackage(specifier, p));
  });
}

/** Which framework a site goes through, and what to do about it (the detail of a `framework-api` review). */
export function frameworkDetail(framework: Framework): string {
  const packages = framework.packages.map((p) => `\`${p}\``).join(', ');
  const what =
    framework.mrtr ??
    `upgrade to a release of ${framework.name} with MRTR support, or move this tool onto the SDK's MRTR API (inputRequired / inputResponse)`;
  return `${framework.name} (${packages}): ${what}`;
}

/** If a framework runs this function as a handler: its family, the name the report gives it, and the framework. */
export function frameworkEntryOf(
  fn: FunctionNode,
): { family: FrameworkEntry['family']; name: string; framework: Framework } | undefined {
  const imported = importedPackages(fn.getSourceFile());
  if (imported.size === 0) return undefined;
  for (const entry of FRAMEWORK_ENTRIES) {
    if (!entry.framework.packages.some((p) => imported.has(p))) continue;
    const name = entryName(fn, entry);
    if (name !== undefined)
      return { family: entry.family, name: `${entry.framework.name} ${name}`, framework: entry.framework };
  }
  return undefined;
}

function entryName(fn: FunctionNode, entry: FrameworkEntry): string | undefined {
  switch (entry.shape) {
    case 'option':
      return optionEntry(fn, entry);
    case 'default-export':
      return isDefaultExport(fn) ? `${entry.family} (default export)` : undefined;
    case 'method': {
      if (!Node.isMethodDeclaration(fn) || fn.getName() !== entry.property) return undefined;
      const owner = fn.getParent();
      const base = owner && Node.isClassDeclaration(owner) ? owner.getExtends()?.getExpression() : undefined;
      return base && Node.isIdentifier(base) && base.getText() === entry.call && importedFrom(base, entry.framework)
        ? `${entry.call}.${entry.property}`
        : undefined;
    }
    case 'decorator': {
      if (!Node.isMethodDeclaration(fn)) return undefined;
      const decorator = fn.getDecorator(entry.call);
      const call = decorator?.getCallExpression();
      if (!decorator || !importedFrom(decorator.getNameNode(), entry.framework)) return undefined;
      const options = call?.getArguments()[0];
      const named = options && Node.isObjectLiteralExpression(options) ? options.getProperty('name') : undefined;
      const label = named && Node.isPropertyAssignment(named) ? stringValue(named.getInitializer()) : undefined;
      return `@${entry.call} ${label ?? fn.getName()}`;
    }
  }
}

/** `server.addTool({ name, execute })`, also through a wrapper (`execute: wrap('name', async () => ...)`). */
function optionEntry(fn: FunctionNode, entry: FrameworkEntry): string | undefined {
  let node: Node = fn;
  // A wrapper call whose argument is the function: the wrapper's result is the handler.
  for (let parent = node.getParent(); parent && Node.isCallExpression(parent) && parent.getArguments().includes(node);)
    [node, parent] = [parent, parent.getParent()];
  // `execute: async () => ...`, or the method shorthand `handler(input, ctx) { ... }`.
  const property = Node.isMethodDeclaration(node) ? node : node.getParent();
  if (!property || !(Node.isPropertyAssignment(property) || Node.isMethodDeclaration(property))) return undefined;
  if (property.getName() !== entry.property) return undefined;
  const options = property.getParent();
  const call = options?.getParent();
  if (!options || !call || !Node.isCallExpression(call) || !call.getArguments().includes(options)) return undefined;
  if (simpleName(call.getExpression()) !== entry.call) return undefined;
  const named = Node.isObjectLiteralExpression(options) ? options.getProperty('name') : undefined;
  const label =
    (named && Node.isPropertyAssignment(named) ? stringValue(named.getInitializer()) : undefined) ??
    stringValue(call.getArguments()[0]);
  return `${entry.family} ${label ?? '?'}`;
}

function isDefaultExport(fn: FunctionNode): boolean {
  if (Node.isFunctionDeclaration(fn)) return fn.isDefaultExport();
  const parent = fn.getParent();
  return !!parent && Node.isExportAssignment(parent) && !parent.isExportEquals();
}
