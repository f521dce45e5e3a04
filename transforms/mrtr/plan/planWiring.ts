import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type {
  CallExpression,
  ImportDeclaration,
  NewExpression,
  ObjectLiteralExpression,
  ParameterDeclaration,
  PropertyAccessExpression,
  SourceFile,
  VariableDeclaration,
} from 'ts-morph';
import type { MrtrAnalysis } from '../analyse/classify.js';
import {
  enclosingFunction,
  projectFunctionOf,
  referencesTo,
  thisClassOf,
  type FunctionNode,
} from '../analyse/functions.js';
import { thisAssignedValues } from '../analyse/assignments.js';
import { serverExpressionOf, type Registration } from '../analyse/handlers.js';
import { declarationsOf, requiredModuleOf, sdkNameOf, stringValue, unwrap } from '../analyse/symbols.js';
import { REPLAY_RUNTIME_NAME } from '../constants.js';
import { SHARED_CODEC_EXPORT } from '../rewrite/kit/runtimeImports.js';

/** Where the server is constructed, to wire the codec's verify (`new McpServer(info, { requestState: { verify } })`). */
export interface ServerWiring {
  /** `new McpServer(info, options)`, or the `super(info, options)` of a class that extends it. */
  construction: NewExpression | CallExpression;
  /** The file that declares the codec: the handler's file (the server's, for a module singleton). */
  codecFile: SourceFile;
  /** When the server is built in another file: that file's import of the handler's file, which gains the codec. */
  importDeclaration?: ImportDeclaration;
  /** The same in CommonJS: `const { registerTools } = require('./tools.cjs')` gains the codec's name. */
  requireDeclaration?: VariableDeclaration;
  /**
   * A module singleton (`export const server = new McpServer(...)` in server.ts, tools registered in files that
   * import it): the codec is declared in the server's file, and each such file's import of it gains the codec.
   */
  importers?: ImportDeclaration[];
  /** A codec already declared and wired (in the handler's file, or in `existingFrom`): reused as it is. */
  existing?: string;
  /**
   * The module that declares that codec, when it is not the handler's file: a module of its own (`state.ts`,
   * importing no project file), or the server's file that the handler's file imports already. Handler files import it.
   */
  existingFrom?: SourceFile;
  /** That codec seals its payloads with AES-256-GCM (as the codec this tool declares does). */
  existingEncrypted?: boolean;
  /**
   * The server's file reaches no handler file through imports (a module singleton the tools get as a parameter): it
   * declares the runtime's shared codec itself for its `verify`, and so does each handler file (replay only: the
   * runtime's `sharedRequestStateCodec()` is one codec per process, so every file gets the same one).
   */
  ownCodec?: boolean;
  /**
   * When the server's file reaches the handler's file only through other files (`index.ts` imports
   * `tools/index.ts`, which imports `tools/pay.ts`): each of those files, in order, with its import of the
   * next one. Each re-exports the codec (`export { codec } from './pay.js'`), so it travels along imports that
   * exist already: no new import edge, so no new cycle.
   */
  via?: ImportDeclaration[];
  /**
   * The other servers the registration's server parameter is (`registerTools(server)` called by a stdio entry and by
   * an HTTP entry, each building its own): each imports the codec from the handler's file as the first one does, and
   * each gets its `verify` (replay only).
   */
  more?: ConstructionLink[];
}

/** How one more server built apart gets the codec declared in the handler's file (ServerWiring.more). */
export type ConstructionLink = Pick<ServerWiring, 'construction' | 'importDeclaration' | 'requireDeclaration' | 'via'>;

/**
 * Where the registration's server is built and how the requestState codec gets there: declared in the handler's
 * file (the server's file or one importing it, through an ES import chain or a CommonJS require), in the server's
 * file (a module singleton), or a codec already wired by hand; with `perFileCodec` (replay), one declared in each file when
 * the server's file reaches no handler file (see ServerWiring.ownCodec); else what to add by hand (`detail`).
 */
export function wiringOf(
  registration: Registration,
  analysis: MrtrAnalysis,
  perFileCodec = false,
): ServerWiring | { detail: string } | undefined {
  const server = serverExpressionOf(registration);
  if (!server) return undefined;
  const construction = constructionOf(server, analysis, 0);
  if (!construction) {
    const several = perFileCodec ? parameterConstructionsOf(server, analysis) : [];
    return several.length > 1 ? severalWiring(several, registration, analysis) : undefined;
  }
  const built = wirable(construction, analysis);
  if (!built || 'detail' in built) return built;
  const { sdkName, where, options } = built;
  const existing = options?.getProperty('requestState');
  if (existing) return existingWiring(existing, construction, registration, analysis, where);
  const codecFile = registration.call.getSourceFile();
  if (construction.getSourceFile() === codecFile) return { construction, codecFile };
  // Another file: the codec is exported from the handler's file and imported where the server is built,
  // which already imports the handler's file (so no new import cycle appears).
  const chain = importChain(construction.getSourceFile(), codecFile, analysis);
  const required = chain ? undefined : requireOf(construction.getSourceFile(), codecFile, analysis);
  if (required) return { construction, codecFile, requireDeclaration: required };
  const importer = chain ? undefined : namedImportOf(codecFile, construction.getSourceFile());
  if (importer) return { construction, codecFile: construction.getSourceFile(), importers: [importer] };
  if (!chain && perFileCodec) return { construction, codecFile, ownCodec: true };
  if (!chain) return { detail: unlinkedDetail(codecFile, construction, sdkName, where, analysis) };
  const [importDeclaration, ...via] = chain;
  return { construction, codecFile, importDeclaration: importDeclaration!, ...(via.length > 0 ? { via } : {}) };
}

/**
 * The wiring of a handler file's codec into several servers built apart (ServerWiring.more): each is a v2 server with
 * no requestState yet, built in the handler's file or in one that imports it (an ES import chain or a CommonJS
 * require), so that each can import the one codec the handlers mint their state with.
 */
function severalWiring(
  constructions: Array<NewExpression | CallExpression>,
  registration: Registration,
  analysis: MrtrAnalysis,
): ServerWiring | { detail: string } | undefined {
  const codecFile = registration.call.getSourceFile();
  const links: ConstructionLink[] = [];
  for (const construction of constructions) {
    const built = wirable(construction, analysis);
    if (!built || 'detail' in built) return built;
    const { sdkName, where, options } = built;
    const file = construction.getSourceFile();
    if (options?.getProperty('requestState'))
      return {
        detail: `the server at ${where} already configures requestState, and the handlers are registered on other servers too: declare one codec (createRequestStateCodec) in a module of its own, wire it into each server, and run the tool again`,
      };
    if (file === codecFile) {
      links.push({ construction });
      continue;
    }
    const chain = importChain(file, codecFile, analysis);
    const required = chain ? undefined : requireOf(file, codecFile, analysis);
    if (chain) {
      const [importDeclaration, ...via] = chain;
      links.push({ construction, importDeclaration: importDeclaration!, ...(via.length > 0 ? { via } : {}) });
    } else if (required) links.push({ construction, requireDeclaration: required });
    else return { detail: unlinkedDetail(codecFile, construction, sdkName, where, analysis) };
  }
  const [first, ...more] = links;
  return { ...first!, codecFile, more };
}

/**
 * A v2 server construction whose options the codec's `verify` can join: the SDK class's name, where it is, and its
 * options object when it has one; or what to add by hand when its options are not an object literal.
 */
function wirable(
  construction: NewExpression | CallExpression,
  analysis: MrtrAnalysis,
): { sdkName: string; where: string; options?: ObjectLiteralExpression } | { detail: string } | undefined {
  const sdk = sdkNameOf(analysis.project, constructedClassOf(construction));
  if (!sdk || (sdk.name !== 'McpServer' && sdk.name !== 'Server') || sdk.major !== 'v2') return undefined;
  const where = `${analysis.project.relative(construction.getSourceFile().getFilePath())}:${analysis.project.userLine(construction)}`;
  const args = construction.getArguments();
  if (args.length === 0 || args.length > 2) return undefined;
  const options = args[1] ? unwrap(args[1]) : undefined;
  if (options && !Node.isObjectLiteralExpression(options))
    return {
      detail: `add \`requestState: { verify: requestStateCodec.verify }\` to the options of \`new ${sdk.name}(...)\` at ${where}`,
    };
  return { sdkName: sdk.name, where, ...(options ? { options } : {}) };
}

/** What to do by hand when the server's file does not import the handlers' file (so it cannot import their codec). */
function unlinkedDetail(
  codecFile: SourceFile,
  construction: NewExpression | CallExpression,
  sdkName: string,
  where: string,
  analysis: MrtrAnalysis,
): string {
  return `export a requestState codec from ${analysis.project.relative(codecFile.getFilePath())}, import it in ${analysis.project.relative(construction.getSourceFile().getFilePath())} and add \`requestState: { verify: requestStateCodec.verify }\` to the options of \`new ${sdkName}(...)\` at ${where}`;
}

/** Every server a wiring gives the codec to. */
export function wiredConstructions(wiring: ServerWiring): Array<NewExpression | CallExpression> {
  return [wiring.construction, ...(wiring.more ?? []).map((link) => link.construction)];
}

/**
 * A server whose options already set requestState: its codec is reused when this file set declares it (in the
 * handler's file, the server's exported singleton, or a module of its own); otherwise the handler needs it by hand.
 */
function existingWiring(
  existing: Node,
  construction: NewExpression | CallExpression,
  registration: Registration,
  analysis: MrtrAnalysis,
  where: string,
): ServerWiring | { detail: string } {
  // Already wired to a codec of this file set (`requestState: { verify: codec.verify }`): reuse it.
  const verify = /^requestState\s*:\s*\{\s*verify\s*:\s*([A-Za-z_$][\w$]*)\.verify\s*,?\s*\}$/.exec(existing.getText());
  const codec = verify?.[1];
  const declared = codec ? construction.getSourceFile().getVariableDeclaration(codec) : undefined;
  if (
    codec &&
    declared &&
    isCodecDeclaration(declared) &&
    construction.getSourceFile() === registration.call.getSourceFile()
  ) {
    return {
      construction,
      codecFile: registration.call.getSourceFile(),
      existing: codec,
      existingEncrypted: encrypts(declared),
    };
  }
  // Declared and exported in the server's file, which the handlers' file imports already (a module singleton).
  const handlersFile = registration.call.getSourceFile();
  // (Not when the server's file also reaches the handlers' file: in that cycle a top-level registration would run first.)
  const singleton =
    namedImportOf(handlersFile, construction.getSourceFile()) &&
    !importChain(construction.getSourceFile(), handlersFile, analysis);
  if (
    codec &&
    declared &&
    isCodecDeclaration(declared) &&
    declared.getVariableStatement()?.hasExportKeyword() &&
    singleton
  ) {
    return {
      construction,
      codecFile: handlersFile,
      existing: codec,
      existingFrom: construction.getSourceFile(),
      existingEncrypted: encrypts(declared),
    };
  }
  // Declared in a module of its own (`import { requestStateCodec } from './state.js'`): the handlers import it too.
  const module = codec ? codecModuleOf(construction.getSourceFile(), codec, analysis) : undefined;
  if (codec && module)
    return {
      construction,
      codecFile: registration.call.getSourceFile(),
      existing: codec,
      existingFrom: module,
      existingEncrypted: encrypts(module.getVariableDeclaration(codec)!),
    };
  return {
    detail: `the server at ${where} already configures requestState; its verify must be the codec that mints this handler's state: declare that codec (createRequestStateCodec) in a module of its own that imports no other project file, export it, import it where the server is built, and run the tool again`,
  };
}

/** `const { registerTools } = require('./tools.cjs')` in a CommonJS file, when it loads `to` at the top level. */
function requireOf(from: SourceFile, to: SourceFile, analysis: MrtrAnalysis): VariableDeclaration | undefined {
  for (const statement of from.getVariableStatements()) {
    for (const declaration of statement.getDeclarations()) {
      const init = declaration.getInitializer();
      const call = init ? unwrap(init) : undefined;
      if (!call || !Node.isCallExpression(call) || call.getExpression().getText() !== 'require') continue;
      const specifier = stringValue(call.getArguments()[0]);
      if (!specifier?.startsWith('.') || !Node.isObjectBindingPattern(declaration.getNameNode())) continue;
      if (analysis.project.loadModule(from.getFilePath(), specifier) === to) return declaration;
    }
  }
  return undefined;
}

/** `import { server } from './server.js'` in `from`, naming imports of `to` (so the codec's name can join them). */
function namedImportOf(from: SourceFile, to: SourceFile): ImportDeclaration | undefined {
  return from
    .getImportDeclarations()
    .find((d) => !d.isTypeOnly() && d.getNamedImports().length > 0 && d.getModuleSpecifierSourceFile() === to);
}

/** `const codec = createRequestStateCodec(...)`, or the runtime's codec (`sharedRequestStateCodec()`, an earlier run's). */
function isCodecDeclaration(declaration: import('ts-morph').VariableDeclaration): boolean {
  return (
    /^([\w$]+\(\s*)?createRequestStateCodec\(/.test(declaration.getInitializer()?.getText() ?? '') ||
    isRuntimeCodec(declaration)
  );
}

/** `const codec = sharedRequestStateCodec()`, that name imported (or required) from the runtime module. */
function isRuntimeCodec(declaration: import('ts-morph').VariableDeclaration): boolean {
  const init = declaration.getInitializer();
  const call = init ? unwrap(init) : undefined;
  const callee =
    call && Node.isCallExpression(call) && call.getArguments().length === 0 ? call.getExpression() : undefined;
  if (!callee || !Node.isIdentifier(callee)) return false;
  const [imported] = callee.getSymbol()?.getDeclarations() ?? [];
  if (imported && Node.isImportSpecifier(imported))
    return (
      imported.getName() === SHARED_CODEC_EXPORT &&
      imported.getImportDeclaration().getModuleSpecifierValue().includes(REPLAY_RUNTIME_NAME)
    );
  // `const { sharedRequestStateCodec } = require('./mcp-mrtr-runtime.cjs')`
  if (!imported || !Node.isBindingElement(imported)) return false;
  const required = imported.getFirstAncestorByKind(SyntaxKind.VariableDeclaration)?.getInitializer();
  return (
    (imported.getPropertyNameNode()?.getText() ?? imported.getName()) === SHARED_CODEC_EXPORT &&
    !!required &&
    (requiredModuleOf(required) ?? '').includes(REPLAY_RUNTIME_NAME)
  );
}

/**
 * Whether a codec declaration seals its payloads: the runtime's, or an earlier run's
 * `encryptedState(createRequestStateCodec(...))` declared in the file.
 */
function encrypts(declaration: import('ts-morph').VariableDeclaration): boolean {
  if (isRuntimeCodec(declaration)) return true;
  const helper = /^([\w$]+)\(\s*createRequestStateCodec\(/.exec(declaration.getInitializer()?.getText() ?? '')?.[1];
  const fn = helper ? declaration.getSourceFile().getFunction(helper) : undefined;
  return !!fn && /aes-256-gcm/.test(fn.getText());
}

/** Whether the state the wiring's codec mints is encrypted: always with the codec the tool declares. */
export function stateEncrypted(wiring: ServerWiring): boolean {
  return !wiring.existing || wiring.existingEncrypted === true;
}

/**
 * The module a codec name is imported from (unaliased, by a relative import) when that module declares and
 * exports it and imports no project file itself: any file can import it without creating a cycle.
 */
function codecModuleOf(file: SourceFile, name: string, analysis: MrtrAnalysis): SourceFile | undefined {
  const declaration = file
    .getImportDeclarations()
    .find(
      (d) =>
        !d.isTypeOnly() &&
        d.getModuleSpecifierValue().startsWith('.') &&
        d.getNamedImports().some((n) => n.getName() === name && !n.getAliasNode() && !n.isTypeOnly()),
    );
  const module = declaration
    ? analysis.project.loadModule(file.getFilePath(), declaration.getModuleSpecifierValue())
    : undefined;
  const codec = module?.getVariableDeclaration(name);
  if (!module || !codec || !isCodecDeclaration(codec) || !codec.getVariableStatement()?.hasExportKeyword())
    return undefined;
  const importsProject =
    module.getImportDeclarations().some((d) => d.getModuleSpecifierValue().startsWith('.')) ||
    /\brequire\(\s*['"]\./.test(module.getFullText());
  return importsProject ? undefined : module;
}

/**
 * The shortest path of value imports from `from` to `to` (at most four files deep), as the import declarations
 * along it: the first names imports (it gains the codec's name), the others re-export it.
 */
function importChain(from: SourceFile, to: SourceFile, analysis: MrtrAnalysis): ImportDeclaration[] | undefined {
  const valueImports = (file: SourceFile) =>
    file
      .getImportDeclarations()
      .filter((d) => !d.isTypeOnly() && !d.getNamespaceImport() && d.getModuleSpecifierValue().startsWith('.'));
  const targetOf = (d: ImportDeclaration) =>
    analysis.project.loadModule(d.getSourceFile().getFilePath(), d.getModuleSpecifierValue());
  const first = valueImports(from).filter((d) => d.getNamedImports().length > 0);
  // The direct import first, from the program as it stands (no file parsed for it).
  const direct = first.find((d) => d.getModuleSpecifierSourceFile() === to);
  if (direct) return [direct];
  let frontier: ImportDeclaration[][] = first.map((d) => [d]);
  const seen = new Set<SourceFile>([from]);
  // Bounded: each file on the way is parsed, and a large tree's barrel files import a lot.
  for (let depth = 1; depth < 4 && frontier.length > 0 && seen.size < 200; depth++) {
    const next: ImportDeclaration[][] = [];
    for (const path of frontier) {
      const file = targetOf(path[path.length - 1]!);
      if (!file || seen.has(file) || seen.size >= 200) continue;
      seen.add(file);
      for (const d of valueImports(file)) {
        if (targetOf(d) === to) return [...path, d];
        next.push([...path, d]);
      }
    }
    frontier = next;
  }
  return undefined;
}

// How far the server is followed back to its construction: parameters, fields, factories (each call or field a hop).
const MAX_WIRING_HOPS = 6;

/** The `new McpServer(...)` an expression holds: a local `const`, or a parameter every caller passes one (followed up to six hops). */
function constructionOf(
  expression: Node,
  analysis: MrtrAnalysis,
  depth: number,
): NewExpression | CallExpression | undefined {
  const node = unwrap(expression);
  if (Node.isNewExpression(node)) return node;
  if (node.getKind() === SyntaxKind.ThisKeyword) return superCallOf(node);
  if (depth > MAX_WIRING_HOPS) return undefined;
  if (Node.isCallExpression(node)) return factoryConstructionOf(node, analysis, depth);
  if (Node.isPropertyAccessExpression(node)) return fieldConstructionOf(node, analysis, depth);
  if (!Node.isIdentifier(node)) return undefined;
  // Through imports too: `import { server } from './server.js'` (a module singleton) is the `const` it exports.
  const declarations = declarationsOf(analysis.project, node);
  const declaration = declarations.length === 1 ? declarations[0] : undefined;
  if (declaration && Node.isVariableDeclaration(declaration)) {
    const init = declaration.getInitializer();
    if (init) return constructionOf(init, analysis, depth);
    // `let server: Server;` ... `server = new Server(...)` (assigned once, e.g. in build()).
    const assigned = referencesTo(analysis.project, declaration, declaration.getName()).flatMap((reference) => {
      const parent = reference.getParent();
      return parent &&
        Node.isBinaryExpression(parent) &&
        parent.getLeft() === reference &&
        parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken
        ? [parent.getRight()]
        : [];
    });
    if (assigned.length === 1) return constructionOf(assigned[0]!, analysis, depth + 1);
    const reaching = reachingAssignment(node, assigned);
    return reaching ? constructionOf(reaching, analysis, depth + 1) : undefined;
  }
  // `function registerReadTools({ server, deps })`, called `registerReadTools({ server, deps: ... })`: what each call's
  // object gives for that key.
  const parameter =
    declaration && Node.isBindingElement(declaration) ? declaration.getParent()?.getParent() : undefined;
  if (declaration && Node.isBindingElement(declaration) && parameter && Node.isParameterDeclaration(parameter)) {
    const key = (declaration.getPropertyNameNode() ?? declaration.getNameNode()).getText();
    const passed = argumentsPassedTo(parameter, analysis);
    const found = new Set(
      (passed ?? []).map((arg) => {
        const object = arg ? unwrap(arg) : undefined;
        const property = object && Node.isObjectLiteralExpression(object) ? object.getProperty(key) : undefined;
        if (property && Node.isShorthandPropertyAssignment(property))
          return constructionOf(property.getNameNode(), analysis, depth + 1);
        const value = property && Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
        return value ? constructionOf(value, analysis, depth + 1) : undefined;
      }),
    );
    return found.size === 1 ? [...found][0] : undefined;
  }
  // `const { server } = new McpServer(...)`: the low-level server of the McpServer built there.
  if (declaration && Node.isBindingElement(declaration)) {
    const key = (declaration.getPropertyNameNode() ?? declaration.getNameNode()).getText();
    const holder = declaration.getParent()?.getParent();
    const init = holder && Node.isVariableDeclaration(holder) ? holder.getInitializer() : undefined;
    const built = init ? unwrap(init) : undefined;
    if (key !== 'server' || !built || !Node.isNewExpression(built)) return undefined;
    return sdkNameOf(analysis.project, built.getExpression())?.name === 'McpServer' ? built : undefined;
  }
  if (declaration && Node.isParameterDeclaration(declaration) && Node.isIdentifier(declaration.getNameNode())) {
    const passed = argumentsPassedTo(declaration, analysis);
    const found = new Set((passed ?? []).map((arg) => (arg ? constructionOf(arg, analysis, depth + 1) : undefined)));
    return found.size === 1 ? [...found][0] : undefined;
  }
  return undefined;
}

/**
 * What each call outside the tests passes for a parameter of a named function, a `const` arrow, a class's method
 * (`private setupHandlers(server: Server)`, called as `this.setupHandlers(server)`) or a class's constructor (`new
 * ToolRegistry(this.server, ...)`); undefined for a parameter of anything else.
 */
function argumentsPassedTo(
  declaration: ParameterDeclaration,
  analysis: MrtrAnalysis,
): Array<Node | undefined> | undefined {
  const fn = declaration.getParent();
  const index = (fn as unknown as FunctionNode).getParameters().indexOf(declaration as never);
  const named =
    fn &&
    (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)
      ? fn
      : Node.isConstructorDeclaration(fn)
        ? fn.getParentIfKind(SyntaxKind.ClassDeclaration)
        : fn.getParentIfKind(SyntaxKind.VariableDeclaration));
  const name = named?.getNameNode();
  if (!named || !name || !Node.isIdentifier(name)) return undefined;
  const constructs = Node.isConstructorDeclaration(fn);
  // A test's call (`registerTools(fakeServer, api)`) never decides which server the function gets.
  const calls = referencesTo(analysis.project, named, name.getText()).flatMap((ref) => {
    const access = ref.getParent();
    const callee = access && Node.isPropertyAccessExpression(access) && access.getNameNode() === ref ? access : ref;
    const call = callee.getParent();
    const invokes = call && (constructs ? Node.isNewExpression(call) : Node.isCallExpression(call));
    return invokes &&
      (call as CallExpression | NewExpression).getExpression() === callee &&
      !analysis.isTestFile(call.getSourceFile().getFilePath())
      ? [call as CallExpression | NewExpression]
      : [];
  });
  return calls.map((call) => call.getArguments()[index]);
}

/**
 * The servers a registration's server parameter is, when its function is called with servers built apart (a stdio
 * entry's `registerTools(new McpServer(...))` and an HTTP entry's): each call's one construction, in source order.
 * Empty unless every call passes a server whose construction is known and there are at least two.
 */
function parameterConstructionsOf(expression: Node, analysis: MrtrAnalysis): Array<NewExpression | CallExpression> {
  const node = unwrap(expression);
  if (!Node.isIdentifier(node)) return [];
  const declarations = declarationsOf(analysis.project, node);
  const declaration = declarations.length === 1 ? declarations[0] : undefined;
  if (!declaration || !Node.isParameterDeclaration(declaration) || !Node.isIdentifier(declaration.getNameNode()))
    return [];
  const passed = argumentsPassedTo(declaration, analysis) ?? [];
  const found = passed.map((arg) => (arg ? constructionOf(arg, analysis, 1) : undefined));
  if (found.length < 2 || found.some((c) => !c)) return [];
  return [...new Set(found as Array<NewExpression | CallExpression>)];
}

/**
 * `this.server` of a field only its class writes (private, protected, readonly or `#server`): the one construction its
 * initializer and its `this.server = ...` assignments hold (`this.server = new McpServer(...)` in the constructor,
 * then `registerTools(this.server)` in a setup method).
 */
function fieldConstructionOf(
  access: PropertyAccessExpression,
  analysis: MrtrAnalysis,
  depth: number,
): NewExpression | CallExpression | undefined {
  const declarations = declarationsOf(analysis.project, access.getNameNode());
  const field = declarations.length === 1 ? declarations[0] : undefined;
  // `constructor(private readonly server: Server)`: the parameter property is the argument of each `new`.
  if (field && Node.isParameterDeclaration(field) && field.isParameterProperty())
    return field.hasModifier(SyntaxKind.PublicKeyword)
      ? undefined
      : constructionOf(field.getNameNode(), analysis, depth + 1);
  if (!field || !Node.isPropertyDeclaration(field)) return undefined;
  const own =
    field.hasModifier(SyntaxKind.PrivateKeyword) ||
    field.hasModifier(SyntaxKind.ProtectedKeyword) ||
    field.isReadonly() ||
    Node.isPrivateIdentifier(field.getNameNode());
  if (!own) return undefined;
  const initializer = field.getInitializer();
  const values = [...(initializer ? [initializer] : []), ...thisAssignedValues(field)];
  const found = new Set(values.map((value) => constructionOf(value, analysis, depth + 1)));
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * `this` in a class that extends the SDK's server directly (`class NotesServer extends McpServer`): the one
 * `super(info, options)` of its constructor builds it. `this` of an arrow function is its member's; any other
 * function has its own.
 */
function superCallOf(self: Node): CallExpression | undefined {
  const cls = thisClassOf(self);
  if (!cls || !Node.isClassDeclaration(cls) || !cls.getExtends()) return undefined;
  const constructors = cls.getConstructors();
  const body = constructors.length === 1 ? constructors[0]!.getBody() : undefined;
  const calls = (body?.getDescendantsOfKind(SyntaxKind.CallExpression) ?? []).filter(
    (call) => call.getExpression().getKind() === SyntaxKind.SuperKeyword,
  );
  return calls.length === 1 ? calls[0] : undefined;
}

/** The class a construction builds: `new X(...)`'s `X`, or the base class a `super(...)` call runs. */
export function constructedClassOf(construction: NewExpression | CallExpression): Node {
  if (Node.isNewExpression(construction)) return construction.getExpression();
  const cls = construction.getFirstAncestorByKind(SyntaxKind.ClassDeclaration);
  return cls?.getExtends()?.getExpression() ?? construction.getExpression();
}

/**
 * `createMcpServer()`, a project function whose one `return` gives the server it builds (`return new McpServer(...)`):
 * every server it makes comes from that construction, which gets the codec's verify.
 */
function factoryConstructionOf(
  call: CallExpression,
  analysis: MrtrAnalysis,
  depth: number,
): NewExpression | CallExpression | undefined {
  const callee = unwrap(call.getExpression());
  const fn = Node.isIdentifier(callee) ? projectFunctionOf(analysis.project, callee) : undefined;
  const body = fn?.getBody();
  if (!fn || !body) return undefined;
  if (!Node.isBlock(body)) return constructionOf(body, analysis, depth + 1);
  const returns = body
    .getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((statement) => enclosingFunction(statement) === fn);
  const value = returns.length === 1 ? returns[0]!.getExpression() : undefined;
  return value ? constructionOf(value, analysis, depth + 1) : undefined;
}

/**
 * Of a variable assigned several times (`let server;` ... `server = sessions[id].server` in one branch, `server =
 * new McpServer(...)` in the other), the value a use reads when straight-line code decides it: the last assignment
 * statement before the use's statement in the same block, with no other assignment between them and none in a
 * nested function (which could run in between).
 */
function reachingAssignment(use: Node, assigned: Node[]): Node | undefined {
  const statements = assigned.map((value) => value.getParentOrThrow().getParent());
  if (assigned.some((value) => enclosingFunction(value) !== enclosingFunction(use))) return undefined;
  let best: Node | undefined;
  statements.forEach((statement, index) => {
    if (!statement || !Node.isExpressionStatement(statement)) return;
    const block = statement.getParent();
    let holder: Node | undefined = use;
    while (holder && holder.getParent() !== block) holder = holder.getParent();
    if (!holder || holder.getStart() < statement.getEnd()) return;
    if (!best || statement.getStart() > best.getParentOrThrow().getParentOrThrow().getStart()) best = assigned[index];
  });
  const from = best?.getEnd() ?? 0;
  // Another assignment between the chosen one and the use (in a nested branch) leaves the value open.
  if (!best || assigned.some((value) => value !== best && value.getStart() > from && value.getStart() < use.getStart()))
    return undefined;
  return best;
}

/**
 * The server a class registers its tools on (`this.server.registerTool(...)`): the `new McpServer(...)` passed to
 * the one `new Tools(server)` of the class, through a constructor parameter (a parameter property, or assigned to
 * `this.server`). The codec is declared in the class's file, which must be the construction's file or one it imports.
 */
export function classWiringOf(registration: Registration, analysis: MrtrAnalysis): ServerWiring | undefined {
  const server = serverExpressionOf(registration);
  if (!server) return undefined;
  const receiver = unwrap(server);
  if (!Node.isPropertyAccessExpression(receiver) || receiver.getExpression().getKind() !== SyntaxKind.ThisKeyword)
    return undefined;
  const property = receiver.getName();
  const cls = receiver.getFirstAncestorByKind(SyntaxKind.ClassDeclaration);
  const constructor = cls?.getConstructors()[0];
  const className = cls?.getName();
  if (!cls || !constructor || !className) return undefined;
  const parameters = constructor.getParameters();
  let index = parameters.findIndex((p) => p.getName() === property && p.isParameterProperty());
  if (index === -1) {
    // `constructor(server) { this.server = server; }`
    const assigned = constructor
      .getDescendantsOfKind(SyntaxKind.BinaryExpression)
      .find(
        (b) =>
          b.getLeft().getText() === `this.${property}` && b.getOperatorToken().getKind() === SyntaxKind.EqualsToken,
      );
    index = assigned ? parameters.findIndex((p) => p.getName() === assigned.getRight().getText()) : -1;
  }
  if (index === -1) return undefined;
  const constructions = new Set<NewExpression>();
  for (const reference of referencesTo(analysis.project, cls, className)) {
    const created = reference.getParent();
    if (!created || !Node.isNewExpression(created) || created.getExpression() !== reference) continue;
    const argument = created.getArguments()[index];
    const construction = argument ? newServerOf(argument) : undefined;
    if (!construction) return undefined;
    constructions.add(construction);
  }
  if (constructions.size !== 1) return undefined;
  const construction = [...constructions][0]!;
  const sdk = sdkNameOf(analysis.project, construction.getExpression());
  if (!sdk || sdk.name !== 'McpServer' || sdk.major !== 'v2') return undefined;
  const args = construction.getArguments();
  const options = args[1] ? unwrap(args[1]) : undefined;
  if (args.length > 2 || (options && (!Node.isObjectLiteralExpression(options) || options.getProperty('requestState'))))
    return undefined;
  const codecFile = registration.call.getSourceFile();
  if (construction.getSourceFile() === codecFile) return { construction, codecFile };
  const importDeclaration = construction
    .getSourceFile()
    .getImportDeclarations()
    .find((d) => !d.isTypeOnly() && d.getNamedImports().length > 0 && d.getModuleSpecifierSourceFile() === codecFile);
  return importDeclaration ? { construction, codecFile, importDeclaration } : undefined;
}

/** The `new McpServer(...)` an argument holds: written in place, or a `const` initialised with it. */
function newServerOf(argument: Node): NewExpression | undefined {
  const node = unwrap(argument);
  if (Node.isNewExpression(node)) return node;
  if (!Node.isIdentifier(node)) return undefined;
  const declarations = node.getSymbol()?.getDeclarations() ?? [];
  const declaration = declarations.length === 1 ? declarations[0] : undefined;
  const init = declaration && Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
  return init && Node.isNewExpression(unwrap(init)) ? (unwrap(init) as NewExpression) : undefined;
}
