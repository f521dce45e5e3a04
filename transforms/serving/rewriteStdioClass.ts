// The stdio serving rewrite of a class whose `run()` connects its `this.server` (rewriteStdioServing.ts), the SDK's
// classic template: the constructor builds `this.server = new Server(...)`, registers on it (`this.setupToolHandlers()`,
// `this.server.onerror = ...`) and adds signal listeners that read it (`process.on('SIGINT', async () => { await
// this.server.close(); })`); `run()` connects it to a `new StdioServerTransport()`. serveStdio wants a factory that
// builds a server per connection, so the building and the registrations move into a method, `buildServer()`, that
// assigns the property and returns it; the constructor calls it where it built the server, and `run()` serves
// `serveStdio(() => this.buildServer())`. Every other reader of the property reads it when it runs, so it reaches the
// instance that serves (a signal listener closes that one). A server built by the property's initializer
// (`private server = new McpServer(...)`) goes the same way: the initializer calls the method.
import { ts } from '../../lib/tsMorph.cjs';
import type { TextEdit } from '../../lib/edits.js';
import { chunkStart, indentOf, isInside } from '../kit/syntax.js';
import { tidyBlankLines } from '../kit/tidyBlankLines.js';
import {
  assignsThis,
  builtIn,
  constructorLocals,
  isMemberRead,
  isSetup,
  propUses,
  readsOtherMembers,
  rootedAt,
  setupCall,
  thisCalls,
  touchingMethods,
} from './classMembers.js';
import { LISTENER_METHODS, mentionsIn, removeStatement } from './stdioScope.js';

const BUILD = 'buildServer';

/** The class rewrite's edits and factory, or why it stays for review. */
export type ClassPlan = { edits: TextEdit[]; factory: string } | { why: string };

/**
 * `await this.server.connect(transport)`, a statement of a method of a class: rewritten when the constructor
 * assigns `this.server = <expression>` (reading no constructor parameter or local), or else the property's
 * initializer builds it (builtBy), and every other use of the property is
 * one of: a constructor statement rooted at it (`this.server.onerror = ...`, `this.server.setRequestHandler(...)`);
 * a constructor statement `this.setup();` calling a method of the class, called nowhere else, whose every statement
 * is rooted at it; a member read (`this.server.close()`) outside the constructor and the connecting method, or in a
 * listener callback of the constructor (`process.on('SIGINT', async () => { ... })`). The transport's const, if any,
 * was checked by the caller (used only by the connect) and goes with it.
 */
export function planClassServer(
  source: ts.SourceFile,
  receiver: ts.PropertyAccessExpression,
  connect: ts.Statement,
  transportStatement: ts.Statement | undefined,
): ClassPlan {
  const prop = receiver.name.text;
  const method = connect.parent?.parent;
  if (!method || !ts.isMethodDeclaration(method) || method.body !== connect.parent)
    return { why: `the connect of this.${prop} is not a statement of a method's body` };
  const cls = method.parent;
  if (!ts.isClassDeclaration(cls) && !ts.isClassExpression(cls)) return { why: 'the method is not in a class' };
  if (cls.members.some((m) => m.name && ts.isIdentifier(m.name) && m.name.text === BUILD))
    return { why: `the class already has a member named ${BUILD}` };
  const declared = cls.members.find(
    (m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && m.name.getText(source) === prop,
  );
  if (declared && ts.getModifiers(declared)?.some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword))
    return { why: `this.${prop} is readonly, so no method can build it again` };
  const ctor = cls.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && !!m.body);
  const built = builtBy(source, ctor, declared, prop);
  if ('why' in built) return built;
  const found = movedStatements(cls, ctor, built, prop);
  if ('why' in found) return found;
  const { moved, calledSetups, touching } = found;
  const touched = [...touching].find((name) => propUses(method, name).length > 0);
  if (touched) return { why: `${methodName(method)}() calls ${touched}(), which uses this.${prop}` };
  // Every other use: a member read, outside the connecting method and the statements that move.
  for (const use of propUses(cls, prop)) {
    if (use === receiver || isInside(use, built.node) || moved.some((s) => isInside(use, s))) continue;
    if ([...calledSetups].some((m) => isInside(use, m))) continue;
    if (isInside(use, method)) return { why: `${methodName(method)}() uses this.${prop} besides its connect` };
    if (!isMemberRead(use)) return { why: `this.${prop} is used as a whole (passed on, returned or reassigned)` };
  }
  for (const setup of calledSetups)
    if (thisCalls(cls, setup.name.getText(source)) !== 1)
      return { why: `${setup.name.getText(source)}() is called more than once` };
  return {
    edits: classEdits(source, { after: ctor ?? built.node, built, moved, connect, transportStatement, prop }),
    factory: `this.${BUILD}()`,
  };
}

/**
 * Where the server is built: the constructor's own `this.server = <expression>;` (read no parameter or local of it),
 * or else the property's initializer (`private server = new McpServer(...)`, which the new method's result replaces,
 * typed with its class when it has no type of its own).
 */
type Built =
  | { kind: 'constructor'; node: ts.ExpressionStatement; value: ts.Expression }
  | { kind: 'initializer'; node: ts.PropertyDeclaration; value: ts.Expression; type: string };

function builtBy(
  source: ts.SourceFile,
  ctor: ts.ConstructorDeclaration | undefined,
  declared: ts.PropertyDeclaration | undefined,
  prop: string,
): Built | { why: string } {
  const assigned = ctor && builtIn(ctor, prop);
  if (assigned) {
    const locals = constructorLocals(ctor);
    if (!locals || mentionsIn(assigned.expression.right, locals).length > 0)
      return { why: `this.${prop} is built from the constructor's parameters or locals, which a method cannot read` };
    return { kind: 'constructor', node: assigned.statement, value: assigned.expression.right };
  }
  const value = declared?.initializer;
  const isStatic = declared && ts.getModifiers(declared)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
  if (!declared || !value || isStatic)
    return { why: `neither its constructor nor its declaration builds this.${prop}` };
  const type =
    declared.type?.getText(source) ??
    (ts.isNewExpression(value) && ts.isIdentifier(value.expression) ? value.expression.text : undefined);
  if (type === undefined && /\.[cm]?tsx?$/.test(source.fileName))
    return { why: `this.${prop} has no type the new method's result can be given` };
  return { kind: 'initializer', node: declared, value, type: type ?? '' };
}

/**
 * The constructor's statements that move into the new method, in order: after the building, rooted at the property
 * (`this.server.onerror = ...`), or `this.setup();` of a method that only registers on it. Every other statement
 * may use the property only in a listener callback, and may not call a method that uses it. With the server built
 * by the property's initializer, a moved statement runs before the constructor's others and before the properties
 * declared after it are set: it may then read no other property of the object except in a callback.
 */
function movedStatements(
  cls: ts.ClassLikeDeclaration,
  ctor: ts.ConstructorDeclaration | undefined,
  built: Built,
  prop: string,
): { moved: ts.Statement[]; calledSetups: Set<ts.MethodDeclaration>; touching: Set<string> } | { why: string } {
  const setups = new Map<string, ts.MethodDeclaration>();
  for (const member of cls.members)
    if (ts.isMethodDeclaration(member) && member.body && ts.isIdentifier(member.name) && isSetup(member, prop))
      setups.set(member.name.text, member);
  const moved: ts.Statement[] = [];
  const calledSetups = new Set<ts.MethodDeclaration>();
  // A method that reads the property, itself or through another: called where it stays, it reads the wrong instance.
  const touching = touchingMethods(cls, prop);
  const after = (statement: ts.Statement) => built.kind === 'initializer' || statement.pos > built.node.pos;
  for (const statement of ctor?.body?.statements ?? []) {
    if (statement === built.node) continue;
    const setup = setupCall(statement, setups);
    if (after(statement) && (rootedAt(statement, prop) || setup)) {
      moved.push(statement);
      if (setup) calledSetups.add(setup);
    } else if (
      (propUses(statement, prop).length > 0 && !readInListener(statement, prop)) ||
      [...touching].some((name) => propUses(statement, name).length > 0)
    )
      return { why: `a constructor statement uses this.${prop} in a way a per-connection factory cannot repeat` };
  }
  const locals = ctor ? constructorLocals(ctor) : new Set<string>();
  if (!locals || moved.some((statement) => mentionsIn(statement, locals).length > 0))
    return {
      why: `a registration on this.${prop} reads the constructor's parameters or locals, which a method cannot read`,
    };
  if (built.kind === 'initializer') {
    if ([...moved, ...calledSetups].some((node) => readsOtherMembers(node, prop)))
      return {
        why: `a registration on this.${prop} reads another property of the object, not yet set when it is built`,
      };
  } else {
    const lastMoved = moved[moved.length - 1];
    const between = ctor!.body!.statements.filter(
      (st) => st.pos > built.node.pos && lastMoved && st.pos < lastMoved.pos && !moved.includes(st),
    );
    if (between.some(assignsThis))
      return { why: `the constructor sets other properties between building this.${prop} and registering on it` };
  }
  return { moved, calledSetups, touching };
}

/** The edits: the building goes through the new method, which holds it and the moved statements. */
function classEdits(
  source: ts.SourceFile,
  at: {
    after: ts.Node;
    built: Built;
    moved: ts.Statement[];
    connect: ts.Statement;
    transportStatement: ts.Statement | undefined;
    prop: string;
  },
): TextEdit[] {
  const text = source.text;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const indentAt = (node: ts.Node) => indentOf(text, node.getStart(source));
  const memberIndent = indentAt(at.after);
  // A class at the top level: its members' indentation is one level.
  const bodyIndent =
    at.built.kind === 'constructor'
      ? indentAt(at.built.node)
      : at.moved[0]
        ? indentAt(at.moved[0])
        : `${memberIndent}${memberIndent || '  '}`;
  const typescript = /\.[cm]?tsx?$/.test(source.fileName);
  const building =
    at.built.kind === 'constructor'
      ? at.built.node.getText(source)
      : `this.${at.prop} = ${at.built.value.getText(source)};`;
  const method = [
    '',
    `${memberIndent}${typescript ? 'private ' : ''}${BUILD}() {`,
    `${bodyIndent}${building}`,
    // With the comment lines right above it, at their own indentation (the constructor's body is the method's).
    ...at.moved.map((s) => text.slice(chunkStart(source, s), s.getEnd())),
    `${bodyIndent}return this.${at.prop};`,
    `${memberIndent}}`,
  ].join(newline);
  const call = `this.${BUILD}()`;
  const buildEdit: TextEdit =
    at.built.kind === 'constructor'
      ? { start: at.built.node.getStart(source), end: at.built.node.getEnd(), text: `this.${at.prop} = ${call};` }
      : {
          start: (at.built.node.type ?? at.built.node.name).getEnd(),
          end: at.built.value.getEnd(),
          text: `${at.built.node.type || !typescript ? '' : `: ${at.built.type}`} = ${call}`,
        };
  const edits: TextEdit[] = [
    buildEdit,
    ...tidyBlankLines(
      text,
      at.moved.map((s) => ({ ...removeStatement(source, s), start: chunkStart(source, s) })),
    ),
    { start: at.after.getEnd(), end: at.after.getEnd(), text: `${newline}${method}` },
    { start: at.connect.getStart(source), end: at.connect.getEnd(), text: `serveStdio(() => ${call});` },
  ];
  if (at.transportStatement) edits.push(removeStatement(source, at.transportStatement));
  return edits;
}

/** `x.on('SIGINT', async () => { ... this.server.close() ... })`: every use a member read inside its arrow callback. */
function readInListener(statement: ts.Statement, prop: string): boolean {
  if (!ts.isExpressionStatement(statement) || !ts.isCallExpression(statement.expression)) return false;
  const call = statement.expression;
  if (!ts.isPropertyAccessExpression(call.expression) || !LISTENER_METHODS.has(call.expression.name.text)) return false;
  const listener = call.arguments[call.arguments.length - 1];
  if (!listener || !ts.isArrowFunction(listener)) return false;
  return propUses(statement, prop).every((use) => isInside(use, listener) && isMemberRead(use));
}

const methodName = (method: ts.MethodDeclaration) => (ts.isIdentifier(method.name) ? method.name.text : 'the method');
