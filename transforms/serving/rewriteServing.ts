import type { SourceFileEntry } from '../../lib/files.js';
import { planFailureMessage, RunError } from '../../lib/planFailure.js';
import { ts } from '../../lib/tsMorph.cjs';
import { applyEdits, type TextEdit } from '../../lib/edits.js';
import type { Finding } from '../../lib/model.js';
import { REVIEW_MARKER } from '../../lib/reviewMarker.js';
import { addNamedImports } from '../kit/addNamedImports.js';
import { inOwnLineEnds, inOwnQuotes } from '../kit/importQuotes.js';
import { prereleaseServerRange } from './servingModules.js';
import { HTTP_TRANSPORTS, SERVING_2025_ONLY, STDIO_MODULE } from './constants.js';
import { planHttpServing, type HttpPlan } from './rewriteHttpServing.js';
import { importEdits, planStdio, type StdioPlan } from './rewriteStdioServing.js';
import { type ServingModules } from './types.js';
import { namesStdioTransport, transportNewOf } from './servingSyntax.js';
import { scriptKindOf, statementOf } from '../kit/syntax.js';
import { servingFinding } from './reasons.js';
import { initializeRegistrations } from './initializeRegistrations.js';

export interface ServingOutcome {
  text: string;
  findings: Finding[];
}

/**
 * Serve 2026-era clients too: the official codemod keeps `server.connect(new StdioServerTransport())`, which
 * serves 2025-era clients only (MRTR.md section 3). A connect on a server a function builds becomes
 * `serveStdio(() => build(...))`, which pins one instance from the factory per connection and picks the era
 * from the opening exchange. Rewritten when the server is `build(...)` itself, or a const holding it that
 * nothing else uses, and the transport is a fresh `new StdioServerTransport()` (inline, or a const used only
 * there); the factory's arguments must be plain names or literals (they are read when the factory runs). Also a
 * module-level server wrapped into `build()`, a server built in the connecting function (rewriteStdioInline.ts) and
 * a singleton imported from the module whose factory builds it (rewriteStdioImported.ts). Every other `.connect(...)` of a v2 transport is a review finding with the advice to apply by hand.
 */
export interface ServingOptions {
  /** v2 code: only its stdio connects (its HTTP wiring may route 2025-era requests on purpose). */
  stdioOnly?: boolean;
  /** The project's `@modelcontextprotocol/server` range when it is a prerelease without serveStdio: review only. */
  prerelease?: string;
}

export function rewriteServing(
  file: string,
  text: string,
  modules?: ServingModules,
  options: ServingOptions = {},
): ServingOutcome {
  const findings: Finding[] = [];
  // Only v2 code: a file the official codemod left on v1 keeps its v1 transport.
  if (!text.includes('.connect(') || !/@modelcontextprotocol\/(?:server|node|express|hono)\b/.test(text))
    return { text, findings };
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const stdioImport = source.statements.find(
    (s): s is ts.ImportDeclaration =>
      ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === STDIO_MODULE,
  );
  const found: ConnectEdits = { edits: [], imports: {}, findings, rewrote: 0, httpRewrites: 0 };
  const { edits } = found;
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'connect' &&
      node.arguments.length === 1
    ) {
      planConnect(file, source, node, found, modules, options);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (edits.length === 0) return { text, findings };
  if (found.rewrote > found.httpRewrites) edits.push(...importEdits(source, stdioImport, edits));
  if (found.httpRewrites > 0) edits.push(...addNamedImports(source, found.imports));
  return { text: applyEdits(text, edits), findings };
}

/** What serving v2 code's stdio entries gives: the changed texts and findings, and the entries whose rewrite threw. */
export interface ServedEntries {
  /** The served text of each entry that changed, by absolute path, in the entries' order. */
  texts: Map<string, string>;
  findings: Finding[];
  /** The entries whose rewrite threw, by absolute path: the report's message (lib/planFailure.ts). */
  failed?: Map<string, string>;
}

/**
 * v2 code's stdio entries (ids.ts v2StdioInputs), each served through serveStdio with the project's other modules in
 * view; its HTTP wiring is left alone. The v1 step calls it with its own outputs among `modules` when it runs; this
 * transform's pre-step calls it otherwise, so a v2 project is served the same either way. `step` names the step in
 * a failure's message.
 */
export function serveV2Entries(
  root: string | undefined,
  entries: SourceFileEntry[],
  modules: ServingModules,
  step: string,
): ServedEntries {
  const served: ServedEntries = { texts: new Map(), findings: [] };
  const prerelease = root === undefined || entries.length === 0 ? undefined : prereleaseServerRange(root);
  for (const entry of entries) {
    let outcome: ServingOutcome;
    try {
      outcome = rewriteServing(entry.file, entry.text, modules, { stdioOnly: true, prerelease });
    } catch (error) {
      if (error instanceof RunError) throw error;
      (served.failed ??= new Map()).set(entry.absPath, planFailureMessage(entry.file, step, error));
      continue;
    }
    served.findings.push(...outcome.findings);
    if (outcome.text === entry.text) continue;
    // Its import lines in the file's own quotes and line ends, as the official codemod's are (v1-to-v2's runOfficialCodemod.ts).
    served.texts.set(entry.absPath, inOwnLineEnds(entry.text, inOwnQuotes(entry.file, entry.text, outcome.text)));
  }
  return served;
}

/** What the connects of a file add up to, as the walk meets them. */
interface ConnectEdits {
  edits: TextEdit[];
  imports: Record<string, string[]>;
  /** Lines of the text given (the caller maps them into the user's). */
  findings: Finding[];
  rewrote: number;
  httpRewrites: number;
}

/** One `.connect(transport)`: its HTTP or stdio plan's edits and finding, or its review marker. */
function planConnect(
  file: string,
  source: ts.SourceFile,
  node: ts.CallExpression,
  found: ConnectEdits,
  modules: ServingModules | undefined,
  options: ServingOptions,
): void {
  const { edits, imports, findings } = found;
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const transportNew = transportNewOf(source, node);
  const transportClass =
    transportNew && ts.isIdentifier(transportNew.expression) ? transportNew.expression.text : undefined;
  const httpKind = transportClass ? HTTP_TRANSPORTS[transportClass] : undefined;
  const stdio = transportClass ? transportClass === 'StdioServerTransport' : namesStdioTransport(source, node);
  if (options.stdioOnly && !stdio) return;
  let plan: StdioPlan | HttpPlan =
    transportNew && httpKind ? planHttpServing(source, node, transportNew, httpKind) : planStdio(source, node, modules);
  if (plan && options.prerelease !== undefined) plan = { advice: prereleaseAdvice(plan, options.prerelease) };
  // The server registers tools at initialize: a 2026-era client sends none, so it would be served without them.
  const atInitialize =
    plan && 'edits' in plan
      ? initializeRegistrationOf(file, source, [plan.factory, ...plan.edits.map((e) => e.text)].join('\n'), modules)
      : undefined;
  if (plan && 'edits' in plan && atInitialize) plan = { advice: keptAdvice(plan, atInitialize) };
  // Another connect's rewrite already moves or replaces this one's code (one server connected twice): review.
  if (plan && 'edits' in plan && plan.edits.some((e) => edits.some((taken) => overlaps(e, taken))))
    plan = { advice: ADVICE_CONNECTED_TWICE };
  if (plan && 'edits' in plan && 'route' in plan && found.httpRewrites > 0) {
    // One createMcpHandler per file: a second HTTP route would need its own handler name and factory.
    edits.push(...markerEdits(source, node, ADVICE_ONE_ROUTE));
  } else if (plan && 'edits' in plan) {
    edits.push(...plan.edits);
    found.rewrote++;
    if ('route' in plan) {
      const http = plan as Extract<HttpPlan, { route: string }>;
      found.httpRewrites++;
      for (const [module, names] of Object.entries(http.imports))
        imports[module] = [...(imports[module] ?? []), ...names];
      findings.push(
        servingFinding(
          'served-by-mcp-handler',
          file,
          line,
          `${http.route}: 2026-era requests served by createMcpHandler(${plan.factory}, { legacy: 'reject' }) (a server per request); 2025-era requests (isLegacyRequest) keep this route's own code`,
        ),
      );
    } else {
      findings.push(
        servingFinding(
          'served-by-serve-stdio',
          file,
          line,
          `served through serveStdio(() => ${plan.factory}): one instance per connection, 2026-era and 2025-era clients`,
        ),
      );
    }
  } else if (plan) {
    // The finding is read back from this marker (findCodemodMarkers), so a later run still lists it; none inside code
    // another connect's rewrite moves.
    const marker = markerEdits(source, node, plan.advice);
    if (!marker.some((e) => edits.some((taken) => overlaps(e, taken)))) edits.push(...marker);
  }
}

/**
 * Where the server a factory builds registers tools, prompts or resources in `oninitialized`
 * (`registerCapabilityGatedTools(server)` there, readability's and the everything server's shape): in the entry's own
 * file, or in a project module whose import the serving code names (`code`: the factory and the rewrite's text).
 * Served to 2026-era clients, which send no initialize, it would not list them, though the original listed them to
 * every client that negotiates the 2025 era (all of them). `file: call`, or undefined.
 */
function initializeRegistrationOf(
  file: string,
  source: ts.SourceFile,
  code: string,
  modules: ServingModules | undefined,
): string | undefined {
  const texts: Array<{ file: string; text: string }> = [{ file, text: source.text }];
  // The modules of the names the factory's code calls (`serveStdio(() => { const server = createServer(); ... })`).
  const words = new Set(code.match(/[A-Za-z_$][\w$]*/g) ?? []);
  for (const statement of source.statements) {
    if (!modules || !ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    const bindings = clause?.namedBindings;
    const names = [
      ...(clause?.name ? [clause.name.text] : []),
      ...(bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => e.name.text) : []),
      ...(bindings && ts.isNamespaceImport(bindings) ? [bindings.name.text] : []),
    ];
    const module = names.some((n) => words.has(n)) ? modules.lookup(file, statement.moduleSpecifier.text) : undefined;
    if (module) texts.push(module);
  }
  for (const { file: at, text } of texts) {
    const [registration] = initializeRegistrations(at, text);
    if (registration) return `${at}: \`${registration.call}\``;
  }
  return undefined;
}

/** The advice of an entry kept on 2025-era serving because its server registers at initialize. */
function keptAdvice(plan: { factory: string }, where: string): string {
  const serve =
    'route' in plan
      ? `route 2026-era requests to createMcpHandler(${plan.factory}, { legacy: 'reject' })`
      : `serve it with serveStdio(() => ${plan.factory}) from '@modelcontextprotocol/server/stdio'`;
  return (
    `server.connect(transport) serves 2025-era clients only, and is kept so: the server registers at initialize (${where}), ` +
    'which a 2026-era client never sends, so served to one it would not list what the original lists to every client; ' +
    `register those where the server is built (see registered-at-initialize), then ${serve}`
  );
}

/** Whether two edits cannot both apply: one starts inside the other (an insertion where a removal starts is fine). */
function overlaps(a: TextEdit, b: TextEdit): boolean {
  const [first, second] = a.start < b.start || (a.start === b.start && a.end <= b.end) ? [a, b] : [b, a];
  return second.start < first.end;
}

/** A prerelease without serveStdio (2.0.0-alpha): what to raise first, and the rewrite it then takes. */
function prereleaseAdvice(plan: NonNullable<StdioPlan | HttpPlan>, range: string): string {
  const raise = `this project's @modelcontextprotocol/server range (${range}) is a prerelease without serveStdio: raise it to ^2.4.0`;
  if ('edits' in plan)
    return `server.connect(transport) serves 2025-era clients only, and ${raise}, then serve it with serveStdio(() => ${plan.factory}) from '@modelcontextprotocol/server/stdio'`;
  return `${plan.advice}; first, ${raise}`;
}

const ADVICE_CONNECTED_TWICE =
  'server.connect(transport) serves 2025-era clients only, and another connect of this file serves the same server, whose rewrite takes this code: ' +
  "serve the server once, with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'";

const ADVICE_ONE_ROUTE =
  'server.connect(transport) serves 2025-era clients only, and this file already routes another request handler to createMcpHandler: route this one too ' +
  "(isLegacyRequest(request) false -> a createMcpHandler(() => build(), { legacy: 'reject' }) of its own; true -> this sessionful code)";

/**
 * `/* @mcp-mrtr-review serving-2025-only: <advice> *\/` on its own line above the statement holding the connect
 * (never inside a string: statements do not start in one); nothing when that statement already carries it.
 */
function markerEdits(source: ts.SourceFile, call: ts.CallExpression, advice: string): TextEdit[] {
  const statement = statementOf(call);
  const text = source.text;
  const start = statement.getStart(source);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineAbove = text.slice(text.lastIndexOf('\n', lineStart - 2) + 1, lineStart);
  const marker = `${REVIEW_MARKER} ${SERVING_2025_ONLY}:`;
  if (text.slice(statement.getFullStart(), start).includes(marker) || lineAbove.includes(marker)) return [];
  const indent = /^[ \t]*/.exec(text.slice(lineStart, start))![0];
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  return [
    {
      start: lineStart,
      end: lineStart,
      text: `${indent}/* ${REVIEW_MARKER} ${SERVING_2025_ONLY}: ${advice.replace(/\*\//g, '* /')} */${newline}`,
    },
  ];
}
