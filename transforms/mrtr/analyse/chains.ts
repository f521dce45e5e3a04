// The chains that say where a site runs: their shape, the report's name of a loop's element, the module-level
// chain, and the helpers that finish a list of chains.
import { Node } from '../../../lib/tsMorph.cjs';
import type { CallExpression } from 'ts-morph';
import type { Family, Frame } from '../../../lib/model.js';
import type { AnalysisProject } from '../../../lib/project.js';
import { namedDeclarationOf, propertyKeyOf } from './functions.js';
import type { Registration } from './handlers.js';
import { stringValue, unwrap } from './symbols.js';
import type { Use } from './valueUses.js';

/** One way a site is reached: the entry family and the frames from the entry down to the site's function. */
export interface Chain {
  family: Family;
  frames: Frame[];
  /** The registration the chain starts at, when it starts at a handler (the planner groups sites by it). */
  registration?: Registration;
  /** When that registration is a loop's, the element object whose handler the chain goes through. */
  element?: Node;
  /**
   * Functions of the chain that test files call directly (`helper: tests/helper.test.ts`): those calls are not
   * followed (tests are not production), but a rewrite of the helper affects them.
   */
  tests?: string[];
  /** When the chain starts at a handler a framework runs (no registration): what to do, naming the framework. */
  framework?: string;
}

/**
 * `server.registerTool(tool.name, tool.config, tool.handler)` in a loop over tool definitions: the name the
 * element gives (`{ name: 'delete_file', ... }`), for the report.
 */
export function elementNameOf(registration: Registration, element: Node | undefined): string | undefined {
  const first = (registration.call as CallExpression).getArguments()[0];
  const read = first ? unwrap(first) : undefined;
  if (!element || !read) return undefined;
  // Instances of a class (`new DeleteTool()`): the class's own `name = 'delete_thing'`.
  if (Node.isClassDeclaration(element) && Node.isPropertyAccessExpression(read)) {
    const property = element.getProperty(read.getName());
    return property && !property.isStatic() ? stringValue(property.getInitializer()) : undefined;
  }
  if (!Node.isObjectLiteralExpression(element)) return undefined;
  if (Node.isPropertyAccessExpression(read)) {
    const property = element.getProperty(read.getName());
    return property && Node.isPropertyAssignment(property) ? stringValue(property.getInitializer()) : undefined;
  }
  // `for (const [name, prompt] of Object.entries(PROMPTS)) server.registerPrompt(name, ...)`: the entry's key.
  const binding = Node.isIdentifier(read) ? read.getSymbol()?.getDeclarations()[0] : undefined;
  const pattern = binding?.getParent();
  const entry = element.getParent();
  if (!binding || !pattern || !Node.isArrayBindingPattern(pattern) || pattern.getElements()[0] !== binding || !entry)
    return undefined;
  return propertyKeyOf(entry);
}

/**
 * A chain through a loop's registration whose callback calls the element's function (`async (args) =>
 * tool.handler(args)` for each `tool`): named after that element, and limited to it (for its reruns).
 */
export function withElement(chain: Chain, call: Node, element: Node): Chain {
  const callee = Node.isCallExpression(call) ? unwrap(call.getExpression()) : undefined;
  const first = chain.registration ? (chain.registration.call as CallExpression).getArguments()[0] : undefined;
  const read = first ? unwrap(first) : undefined;
  // The registration names the same loop variable the call goes through (`tool.name` ... `tool.handler(...)`).
  if (
    !chain.registration ||
    !callee ||
    !Node.isPropertyAccessExpression(callee) ||
    !read ||
    !Node.isPropertyAccessExpression(read) ||
    read.getExpression().getText() !== callee.getExpression().getText()
  )
    return chain;
  const name = elementNameOf(chain.registration, element);
  const [head, ...rest] = chain.frames;
  if (!name || !head) return chain;
  return { ...chain, frames: [{ ...head, name: `${chain.registration.method} ${name}` }, ...rest], element };
}

export function startupChain(project: AnalysisProject, node: Node): Chain {
  const file = project.relative(node.getSourceFile().getFilePath());
  return {
    family: 'startup',
    frames: [{ name: '<module>', file, line: project.userLine(node), family: 'startup' }],
  };
}

export function isExported(fn: Node): boolean {
  const named = namedDeclarationOf(fn);
  const declaration = named?.declaration;
  if (!declaration) return false;
  const statement = Node.isVariableDeclaration(declaration) ? declaration.getVariableStatement() : declaration;
  return !!statement && ((statement as { hasExportKeyword?: () => boolean }).hasExportKeyword?.() ?? false);
}

export function dedupe(chains: Chain[]): Chain[] {
  const seen = new Set<string>();
  return chains.filter((chain) => {
    const key = JSON.stringify(chain.frames);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The node a use is written at. */
export function nodeOfUse(use: Use): Node {
  switch (use.kind) {
    case 'registered':
      return use.registration.call;
    case 'call':
    case 'passed':
      return use.call;
    default:
      return use.node;
  }
}

/** The test callers a chain carries: those of the chain it extends, then the function's own. */
export function testsOf(prefix: string[] | undefined, own: string[] | undefined): { tests?: string[] } {
  const tests = [...new Set([...(prefix ?? []), ...(own ?? [])])];
  return tests.length > 0 ? { tests } : {};
}
