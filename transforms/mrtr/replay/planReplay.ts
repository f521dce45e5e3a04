import fs from 'node:fs';
import { attributed } from '../../../lib/planFailure.js';
import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { CallExpression, SourceFile } from 'ts-morph';
import { MAX_CHAINS, type Entry, type MrtrAnalysis } from '../analyse/classify.js';
import { enclosingFunction, oneLine } from '../analyse/functions.js';
import { MRTR_CAPABLE_METHODS } from '../constants.js';
import { ASK_METHODS, type AskMethod } from '../pushMethods.js';
import { paramsOf } from '../analyse/askCall.js';
import type { FoundSite } from '../detect/findSites.js';
import type { PushCall } from '../analyse/pushCall.js';
import type { Registration } from '../analyse/handlers.js';
import type { HandlerPlans } from '../plan/planHandlers.js';
import { classWiringOf, wiredConstructions, wiringOf, type ServerWiring } from '../plan/planWiring.js';
import type { Review } from '../plan/review.js';
import { journalOf, type JournalStep, type Release } from './journal.js';
import { traceReplayPath, type OutsideCall, type ReplayEdits, type ReplayPath } from './replayPath.js';
import { runtimePathOf } from '../rewrite/kit/runtimeImports.js';
import { constValue, unwrap } from '../analyse/symbols.js';

/** Families a replayed helper may also be reached from: there its ask fails clearly, and each such call is reported. */
const OUTSIDE_FAMILIES: ReadonlySet<string> = new Set([
  'other-request',
  'notification',
  'oninitialized',
  'event',
  'timer',
  'startup',
  'dead',
]);

/** One plan per server: every replayed handler of a server shares its codec and runtime module. */
/** A server's plan: its paths' edits, with the effects they journal (the code that runs again stays with each path). */
export interface ReplayPlan extends Omit<ReplayEdits, 'reruns'> {
  wiring: ServerWiring;
  /** Absolute path of the runtime module, beside the server's construction. */
  runtimePath: string;
  /** False when the project already holds the runtime (a later run): it is not written again. */
  createRuntime: boolean;
  /** `receiverArgument`: `ask.call(server, params)`, whose receiver argument goes with the callee. */
  askCalls: Array<{ call: CallExpression; method: AskMethod; receiverArgument?: true }>;
  /** Other files registering handlers of this server: they import the codec from `wiring.codecFile`. */
  codecImports: SourceFile[];
  /** With `wiring.ownCodec`: the other files registering handlers, each declaring the shared codec for itself. */
  ownCodecFiles: SourceFile[];
  /**
   * Servers built apart whose handlers reach the same asks (a stdio entry and an HTTP entry, each registering in its
   * own file): each declares the runtime's shared codec in that file and verifies with it.
   */
  others: ServerWiring[];
  /** The registrations on those servers, with the wiring of each. */
  otherOf: Map<Registration, ServerWiring>;
}

/** A replayed site, with the calls that reach it from code that cannot answer input_required (reported for review). */
export type ReplayVerdict = { kind: 'replay'; plan: ReplayPlan; outside?: OutsideCall[] } | Review;

/**
 * The replay verdict of each site the strategy chain brings to replay (`reaches`: the sites the handler strategies
 * leave under `auto`, every site under `--strategy replay`): sites whose every caller chain starts at an
 * MRTR-capable v2 handler, and whose handlers' asks can all be replayed, share one plan per server. Sites absent
 * from the result are not replay's (the chain goes on). The handlers' plans give the sites of each handler, and the
 * file that hosts each server's codec (a step function may have claimed it).
 */
export function planReplay(
  candidates: FoundSite[],
  handlers: HandlerPlans,
  analysis: MrtrAnalysis,
  reaches: (site: FoundSite) => boolean,
  runtimeDir?: string,
): Map<Node, ReplayVerdict> {
  const verdicts = new Map<Node, ReplayVerdict>();
  const paths = replayPaths(candidates, handlers, analysis, reaches, verdicts);
  // One plan per server construction.
  const plans = new Map<Node, ReplayVerdict>();
  for (const [candidate, route] of paths)
    attributed(candidate.absPath, () => {
      const verdict = serverVerdictOf(route, plans, handlers.codecHosts, analysis, runtimeDir);
      if (!verdict || verdict.kind === 'review') {
        if (verdict) verdicts.set(candidate.call.node, verdict);
        return;
      }
      const plan = verdict.plan;
      const call = candidate.call.node as CallExpression;
      addRoute(plan, candidate.call, route);
      verdicts.set(call, route.outside.length > 0 ? { kind: 'replay', plan, outside: route.outside } : verdict);
    });
  return verdicts;
}

/**
 * The replay path of each eligible site the chain brings to replay, as long as every ask of each handler it
 * reaches has one; a path that cannot be replayed leaves its reason in `verdicts`.
 */
function replayPaths(
  candidates: FoundSite[],
  handlers: HandlerPlans,
  analysis: MrtrAnalysis,
  reaches: (site: FoundSite) => boolean,
  verdicts: Map<Node, ReplayVerdict>,
): Map<FoundSite, ReplayPath> {
  const paths = new Map<FoundSite, ReplayPath>();
  for (const candidate of candidates)
    attributed(candidate.absPath, () => {
      if (!eligible(candidate, analysis) || !reaches(candidate)) return;
      const route = traceReplayPath(candidate.call.node, analysis);
      if (route && 'reason' in route)
        verdicts.set(candidate.call.node, { kind: 'review', reason: route.reason, detail: route.detail });
      else if (route) paths.set(candidate, route);
    });
  const failed = journalPaths(paths, analysis, verdicts);
  // A handler is wrapped only when every ask it reaches is replayed; drop sites until that holds.
  let changed = true;
  while (changed) {
    changed = false;
    for (const [candidate, route] of paths) {
      // A completion notifier goes with its handler's replayed URL ask (a no-op, as the explicit rewrite makes it).
      const complete = route.registrations.every((r) =>
        handlers.groupOf(r.call).every((g) => paths.has(g) || handlers.notifierReplaceable(g)),
      );
      if (!complete) {
        paths.delete(candidate);
        // A handler with an effect the journal cannot keep: each of its asks is for review, for that reason.
        const problem = route.registrations.map((r) => failed.get(r)).find(Boolean);
        if (problem) verdicts.set(candidate.call.node, { kind: 'review', ...problem });
        else {
          // Another ask of the same handler that is not replayed (a notifier, a shape replay cannot keep): named.
          const others = route.registrations
            .flatMap((r) => handlers.groupOf(r.call))
            .filter((g) => g !== candidate && !paths.has(g));
          // The ask that stops the handler, not one dropped because of it.
          const root = (g: FoundSite) => {
            const verdict = verdicts.get(g.call.node);
            return verdict?.kind !== 'review' || verdict.reason !== 'handler-ask-not-replayed';
          };
          const other = others.find(root) ?? others[0];
          if (other && !verdicts.has(candidate.call.node)) {
            const where = `${analysis.project.relative(other.absPath)}:${analysis.project.userLine(other.call.node)}`;
            verdicts.set(candidate.call.node, {
              kind: 'review',
              reason: 'handler-ask-not-replayed',
              detail: `the ask at ${where} (\`${oneLine(other.call.node.getText(), 60)}\`) runs in the same handler and is not replayed`,
            });
          }
        }
        changed = true;
      }
    }
  }
  return paths;
}

/**
 * The journal of each path: its effects before an ask become steps; a path with an effect the journal cannot keep
 * (a result JSON cannot carry, a loop with no bound) is for review, and so are the other asks of its handlers
 * (returned per registration). A statement that leads to an ask is not a step: its answers are recorded.
 */
function journalPaths(
  paths: Map<FoundSite, ReplayPath>,
  analysis: MrtrAnalysis,
  verdicts: Map<Node, ReplayVerdict>,
): Map<Registration, { reason: Review['reason']; detail: string }> {
  const calls = [...paths.values()].flatMap((route) => route.calls);
  const leadsToAsk = (node: Node) =>
    calls.some(
      (n) =>
        n.getSourceFile() === node.getSourceFile() && n.getStart() >= node.getStart() && n.getEnd() <= node.getEnd(),
    );
  const failed = new Map<Registration, { reason: Review['reason']; detail: string }>();
  for (const [candidate, route] of paths)
    attributed(candidate.absPath, () => journalPath(candidate, route, paths, analysis, verdicts, failed, leadsToAsk));
  return failed;
}

/** One path's journal (journalPaths): its steps per registration, or its site for review with its registrations. */
function journalPath(
  candidate: FoundSite,
  route: ReplayPath,
  paths: Map<FoundSite, ReplayPath>,
  analysis: MrtrAnalysis,
  verdicts: Map<Node, ReplayVerdict>,
  failed: Map<Registration, { reason: Review['reason']; detail: string }>,
  leadsToAsk: (node: Node) => boolean,
): void {
  const released = releasedNames(route.finallies, analysis);
  for (const [registration, reruns] of route.reruns) {
    const steps = [];
    for (const rerun of reruns) {
      const journal = journalOf(rerun, leadsToAsk, analysis, released);
      if ('reason' in journal) {
        verdicts.set(candidate.call.node, { kind: 'review', ...journal });
        for (const r of route.registrations) failed.set(r, journal);
        paths.delete(candidate);
        break;
      }
      steps.push(...journal.steps);
    }
    const problem = releasedStep(steps, released, analysis) ?? readsPerRound(steps, route.calls, released, analysis);
    if (problem) {
      verdicts.set(candidate.call.node, { kind: 'review', ...problem });
      for (const r of route.registrations) failed.set(r, problem);
      paths.delete(candidate);
      break;
    }
    route.steps.set(registration, steps);
  }
}

/**
 * The names a `finally` block around the path releases (see `releaseOf`), by symbol: why, and how. A statement that
 * makes one may run again on each round (journal.ts perRound), since the block runs at the end of every round.
 */
function releasedNames(finallies: Node[], analysis: MrtrAnalysis): Map<unknown, Release> {
  const released = new Map<unknown, Release>();
  for (const block of finallies)
    for (const id of block.getDescendantsOfKind(SyntaxKind.Identifier)) {
      const symbol = id.getSymbol()?.compilerSymbol;
      const how = symbol ? releaseOf(id) : undefined;
      if (!how) continue;
      const release = released.get(symbol) ?? {
        why: `the finally block at line ${analysis.project.userLine(block)} releases \`${id.getText()}\``,
        how: new Set(),
      };
      release.how.add(how);
      released.set(symbol, release);
    }
  return released;
}

/**
 * A journaled step whose value a `finally` block with effects releases (`const dir = await step(() => mkdtemp(...))`,
 * then `finally { await rm(dir) }`) and that does not run again on each round (journal.ts perRound): the block runs
 * at the end of every round, so it releases what the step made while the journal keeps handing the next round its
 * record (a deleted temporary directory). Undefined when none.
 */
function releasedStep(
  steps: JournalStep[],
  released: ReadonlyMap<unknown, Release>,
  analysis: MrtrAnalysis,
): { reason: Review['reason']; detail: string } | undefined {
  for (const step of steps.filter((s) => !s.perRound))
    for (const name of boundNames(step.statement)) {
      const release = released.get(name.getSymbol()?.compilerSymbol);
      if (release)
        return {
          reason: 'replay-finally-effect',
          detail: `${release.why}, which the journaled step \`${oneLine(step.expression.getText(), 50)}\` (line ${analysis.project.userLine(step.statement)}) gives: the block releases it at the end of the first round, and later rounds get the journal's record of what is gone`,
        };
    }
  return undefined;
}

/**
 * A journaled step, or a call on the way to the ask, that reads what a statement of the path makes anew on each round
 * (JournalStep.perRound), directly or through a local computed from it (`const file = path.join(dir, 'in.bin')`): a
 * later round would skip the step (`writeFile(file, data)`) for the new value, or hand the call one the first round's
 * end released. Undefined when none.
 */
function readsPerRound(
  steps: JournalStep[],
  calls: Node[],
  released: ReadonlyMap<unknown, Release>,
  analysis: MrtrAnalysis,
): { reason: Review['reason']; detail: string } | undefined {
  const made = steps.filter((s) => s.perRound);
  if (made.length === 0) return undefined;
  const symbolOf = (id: Node) => id.getSymbol()?.compilerSymbol;
  // Why each name is made anew: a finally releases it, or it is computed from one that is.
  const why = new Map<unknown, string | false>();
  for (const step of made)
    for (const name of boundNames(step.statement)) {
      const symbol = symbolOf(name);
      if (released.has(symbol)) why.set(symbol, released.get(symbol)!.why);
    }
  // A local computed from what is made anew is made anew too (`const file = path.join(dir, 'in.bin')`).
  const derives = (id: Node): boolean => {
    const symbol = symbolOf(id);
    if (!symbol) return false;
    if (why.has(symbol)) return why.get(symbol) !== false;
    why.set(symbol, false);
    for (const d of id.getSymbol()?.getDeclarations() ?? []) {
      const init = Node.isVariableDeclaration(d) ? d.getInitializer() : undefined;
      const read = init && readOf(init);
      if (read) {
        why.set(symbol, `it is computed from \`${read.getText()}\`, and ${why.get(symbolOf(read))}`);
        return true;
      }
    }
    return false;
  };
  const readOf = (node: Node): Node | undefined =>
    (Node.isIdentifier(node) ? [node] : node.getDescendantsOfKind(SyntaxKind.Identifier)).find(derives);
  const at = (n: Node) =>
    `${analysis.project.relative(n.getSourceFile().getFilePath())}:${analysis.project.userLine(n)}`;
  for (const step of steps) {
    const read = step.perRound ? undefined : readOf(step.expression);
    if (read)
      return {
        reason: 'replay-finally-effect',
        detail: `the journaled step \`${oneLine(step.expression.getText(), 50)}\` (${at(step.statement)}) reads \`${read.getText()}\`, which is made anew on each round (${why.get(symbolOf(read))}): a later round would skip the step for the new value`,
      };
  }
  for (const call of calls) {
    const args = Node.isCallExpression(call) ? call.getArguments() : [];
    const read = args.map(readOf).find((r) => r !== undefined);
    if (read)
      return {
        reason: 'replay-finally-effect',
        detail: `\`${read.getText()}\` is handed to \`${oneLine(call.getText(), 50)}\` (${at(call)}) on the way to the ask, and is made anew on each round (${why.get(symbolOf(read))}): what that call journals from it would outlive the round`,
      };
  }
  return undefined;
}

/**
 * How a read in a `finally` releases the value itself: a method called on it (`source.cleanup()`, `span.end()`),
 * the variable written again (`busy = false` after the step `busy = true`), or the value handed to a function
 * (`rm(dir)`). The key of a bookkeeping entry removed by it (`pendingFlows.delete(id)`) leaves the value as it was.
 */
function releaseOf(id: Node): 'method' | 'write' | 'argument' | undefined {
  const parent = id.getParentOrThrow();
  if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === id) {
    const call = parent.getParent();
    return call && Node.isCallExpression(call) && call.getExpression() === parent ? 'method' : undefined;
  }
  if (Node.isBinaryExpression(parent) && parent.getLeft() === id)
    return parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken ? 'write' : undefined;
  if (Node.isCallExpression(parent) && parent.getArguments().includes(id as never)) {
    const callee = unwrap(parent.getExpression());
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'delete' ? undefined : 'argument';
  }
  return undefined;
}

/** The names a step's statement binds: `const x = ...`, `x = ...`. */
function boundNames(statement: Node): Node[] {
  if (Node.isVariableStatement(statement))
    return statement.getDeclarations().flatMap((d) => {
      const name = d.getNameNode();
      return Node.isIdentifier(name) ? [name] : name.getDescendantsOfKind(SyntaxKind.Identifier);
    });
  const expression = Node.isExpressionStatement(statement) ? unwrap(statement.getExpression()) : undefined;
  if (
    expression &&
    Node.isBinaryExpression(expression) &&
    expression.getOperatorToken().getKind() === SyntaxKind.EqualsToken &&
    Node.isIdentifier(expression.getLeft())
  )
    return [expression.getLeft()];
  return [];
}

/** The plan of the server every registration on a path belongs to, shared by all its replayed sites; or why there is none. */
function serverVerdictOf(
  route: ReplayPath,
  plans: Map<Node, ReplayVerdict>,
  codecHosts: Map<Node, SourceFile>,
  analysis: MrtrAnalysis,
  runtimeDir: string | undefined,
): ReplayVerdict | undefined {
  let verdict: ReplayVerdict | undefined;
  let first: Node | undefined;
  const at = (n: Node) =>
    `${analysis.project.relative(n.getSourceFile().getFilePath())}:${analysis.project.userLine(n)}`;
  const apart = (one: Node, other: Node) =>
    `the handlers that reach this ask belong to servers built apart (${at(one)}, ${at(other)}) that do not share their handlers' file; build both with one function, or declare and wire a requestState codec for each, and run the tool again`;
  for (const registration of route.registrations) {
    const wiring = wiringOf(registration, analysis, true) ?? classWiringOf(registration, analysis);
    if (!wiring || 'detail' in wiring) {
      verdict = { kind: 'review', reason: 'state-codec-unwired', ...(wiring ? { detail: wiring.detail } : {}) };
      break;
    }
    // The ask is reached from handlers of servers built apart (a stdio entry and an HTTP one): each registered in a file
    // of its own that builds its server, each such file declares the runtime's shared codec for itself.
    const known = plans.get(wiring.construction);
    const knownPlan = known?.kind === 'replay' ? known.plan : undefined;
    const current = verdict?.kind === 'replay' ? verdict.plan : undefined;
    const host = current ?? knownPlan;
    if (host && !wiredConstructions(host.wiring).includes(wiring.construction)) {
      const other = otherServerOf(host, wiring, plans, codecHosts);
      if (!other) {
        verdict = {
          kind: 'review',
          reason: 'state-codec-unwired',
          detail: apart(first ?? host.wiring.construction, wiring.construction),
        };
        break;
      }
      if (!host.others.includes(other)) host.others.push(other);
      host.otherOf.set(registration, other);
      plans.set(wiring.construction, { kind: 'replay', plan: host });
      first ??= host.wiring.construction;
      verdict = { kind: 'replay', plan: host };
      continue;
    }
    first ??= wiring.construction;
    if (wiring.construction !== first) {
      verdict = { kind: 'review', reason: 'state-codec-unwired', detail: apart(first, wiring.construction) };
      break;
    }
    let entry = known;
    const servers = wiredConstructions(wiring);
    if (!entry) {
      // A server built apart that another plan wires already (with others, or alone): one codec per server.
      const planned = servers.find((c) => plans.has(c));
      if (planned) {
        verdict = { kind: 'review', reason: 'state-codec-unwired', detail: apart(wiring.construction, planned) };
        break;
      }
      entry = newServerPlan(wiring, codecHosts, analysis, runtimeDir);
      for (const c of servers) plans.set(c, entry);
    }
    if (entry.kind === 'review') {
      verdict = entry;
      break;
    }
    const plan = entry.plan;
    const wired = wiredConstructions(plan.wiring);
    if (wired.length !== servers.length || !servers.every((c) => wired.includes(c))) {
      verdict = {
        kind: 'review',
        reason: 'state-codec-unwired',
        detail: apart(
          servers.find((c) => !wired.includes(c)) ?? wired.find((c) => !servers.includes(c))!,
          plan.wiring.construction,
        ),
      };
      break;
    }
    // Another file that imports the server's module: its import gains the codec too.
    for (const importer of wiring.importers ?? []) {
      const importers = (plan.wiring.importers ??= []);
      if (!importers.includes(importer)) importers.push(importer);
    }
    if (plan.wiring.codecFile !== wiring.codecFile && plan.wiring.ownCodec && wiring.ownCodec) {
      // Each handler file declares the runtime's shared codec for itself.
      if (!plan.ownCodecFiles.includes(wiring.codecFile)) plan.ownCodecFiles.push(wiring.codecFile);
    } else if (plan.wiring.codecFile !== wiring.codecFile) {
      // Handlers registered in several files: the codec is exported from the first (which the server's file
      // imports) and imported where the others are registered.
      if (!plan.wiring.importDeclaration && !plan.wiring.requireDeclaration && !plan.wiring.existing) {
        verdict = {
          kind: 'review',
          reason: 'state-codec-unwired',
          detail: `the handlers of this server are registered in several files; declare its requestState codec in ${analysis.project.relative(plan.wiring.codecFile.getFilePath())}, export it and run the tool again`,
        };
        break;
      }
      if (plan.wiring.existing && !plan.wiring.existingFrom) {
        verdict = {
          kind: 'review',
          reason: 'state-codec-unwired',
          detail: `import this server's requestState codec from ${analysis.project.relative(plan.wiring.codecFile.getFilePath())} here and run the tool again`,
        };
        break;
      }
      if (!plan.codecImports.includes(wiring.codecFile)) plan.codecImports.push(wiring.codecFile);
    }
    verdict = { kind: 'replay', plan };
  }
  return verdict;
}

/**
 * A server built apart that joins a plan (ReplayPlan.others): built in the file that registers its handlers, with no
 * codec of its own yet, wired by no other plan, and registering in a file none of the plan's other servers uses. The
 * wiring the plan keeps for it (the first one found for its construction), or undefined.
 */
function otherServerOf(
  plan: ReplayPlan,
  wiring: ServerWiring,
  plans: Map<Node, ReplayVerdict>,
  codecHosts: Map<Node, SourceFile>,
): ServerWiring | undefined {
  const kept = plan.others.find((o) => o.construction === wiring.construction);
  if (kept) return kept.codecFile === wiring.codecFile ? kept : undefined;
  const planned = plans.get(wiring.construction);
  if (planned && (planned.kind !== 'replay' || planned.plan !== plan)) return undefined;
  const plain =
    wiring.construction.getSourceFile() === wiring.codecFile &&
    !wiring.existing &&
    !wiring.ownCodec &&
    !wiring.more &&
    !wiring.importers &&
    !wiring.importDeclaration &&
    !wiring.requireDeclaration &&
    !wiring.via;
  const used = [
    plan.wiring.codecFile,
    ...wiredConstructions(plan.wiring).map((c) => c.getSourceFile()),
    ...plan.codecImports,
    ...plan.ownCodecFiles,
    ...plan.others.map((o) => o.codecFile),
  ];
  if (!plain || used.includes(wiring.codecFile)) return undefined;
  if ((codecHosts.get(wiring.construction) ?? wiring.codecFile) !== wiring.codecFile) return undefined;
  codecHosts.set(wiring.construction, wiring.codecFile);
  return wiring;
}

/** A server's plan, empty until its sites join it; or why its codec cannot be declared where its handlers need it. */
function newServerPlan(
  wiring: ServerWiring,
  codecHosts: Map<Node, SourceFile>,
  analysis: MrtrAnalysis,
  runtimeDir: string | undefined,
): ReplayVerdict {
  // One codec per server: the first file whose handlers need it declares it (step functions included).
  const host = codecHosts.get(wiring.construction) ?? wiring.codecFile;
  const servers = wiredConstructions(wiring);
  const elsewhere = servers.some((c) => (codecHosts.get(c) ?? wiring.codecFile) !== host);
  for (const c of servers) codecHosts.set(c, host);
  if ((host !== wiring.codecFile || elsewhere) && !wiring.existingFrom) {
    return {
      kind: 'review',
      reason: 'state-codec-unwired',
      detail: `this server's requestState codec is declared in ${analysis.project.relative(host.getFilePath())}: export it from there and import it here, then run the tool again`,
    };
  }
  const constructionFile = wiring.construction.getSourceFile().getFilePath();
  const runtimePath = runtimePathOf(constructionFile, runtimeDir);
  return {
    kind: 'replay',
    plan: {
      wiring,
      runtimePath,
      createRuntime: !fs.existsSync(runtimePath),
      askCalls: [],
      registrations: [],
      guards: [],
      handlerGuards: [],
      settled: [],
      capabilityReads: [],
      steps: new Map(),
      codecImports: [],
      ownCodecFiles: [],
      others: [],
      otherOf: new Map(),
    },
  };
}

/** A replayed ask joins its server's plan, with what its path changes on the way to its handlers. */
function addRoute(plan: ReplayPlan, site: PushCall, route: ReplayPath): void {
  const call = site.node as CallExpression;
  const method = ASK_METHODS[askName(site)!]!;
  if (!plan.askCalls.some((a) => a.call === call))
    plan.askCalls.push({ call, method, ...(site.receiverArgument ? { receiverArgument: true as const } : {}) });
  for (const r of route.registrations) if (!plan.registrations.includes(r)) plan.registrations.push(r);
  for (const g of route.guards) if (!plan.guards.includes(g)) plan.guards.push(g);
  for (const h of route.handlerGuards) if (!plan.handlerGuards.includes(h)) plan.handlerGuards.push(h);
  for (const c of route.settled) if (!plan.settled.includes(c)) plan.settled.push(c);
  for (const c of route.capabilityReads) if (!plan.capabilityReads.includes(c)) plan.capabilityReads.push(c);
  for (const [r, steps] of route.steps) {
    const list = plan.steps.get(r) ?? [];
    for (const s of steps) if (!list.some((l) => l.expression === s.expression)) list.push(s);
    plan.steps.set(r, list);
  }
}

/**
 * A v2 ask the runtime has an equivalent for, reached from MRTR-capable v2 handlers, and otherwise only from
 * code the planner knows cannot answer input_required (where the ask now fails clearly, and which is reported).
 */
function eligible({ call, chains, ignored }: FoundSite, analysis: MrtrAnalysis): boolean {
  if (ignored || call.reason || call.sdk !== 'v2' || !Node.isCallExpression(call.node)) return false;
  const name = askName(call);
  if (!name || !(name in ASK_METHODS)) return false;
  // A raw request replays only with params it can read, and never task-augmented (the client may answer with a task).
  if (ASK_METHODS[name] === 'request' && call.kind !== 'roots') {
    const params = paramsOf(call, name);
    const value = params ? constValue(params) : undefined;
    if (value && Node.isObjectLiteralExpression(value) ? value.getProperty('task') : !params || !taskless(params))
      return false;
  }
  if (chains.length === 0) return false;
  // The chains are a report's, capped (analyse/classify.ts): past the cap, every entry of the ask's function counts
  // (a helper that twenty tools call is replayed when each of them is a capable handler).
  const fn = chains.length < MAX_CHAINS ? undefined : enclosingFunction(call.node);
  const entries: Entry[] = fn ? analysis.entriesOf(fn) : chains;
  if (chains.length >= MAX_CHAINS && !fn) return false;
  const capable = (e: Entry) =>
    e.registration && e.registration.sdk === 'v2' && MRTR_CAPABLE_METHODS.has(e.registration.method);
  return entries.some(capable) && entries.every((e) => capable(e) || OUTSIDE_FAMILIES.has(e.family));
}

/**
 * Params whose type says they carry no `task` (`p: ElicitParams`, a project interface of `message` and
 * `requestedSchema`): an object type, each member of a union too, with no `task` property. `any`, `unknown`, an index
 * signature, or a type parameter may carry one.
 */
function taskless(params: Node): boolean {
  const type = params.getType();
  const members = type.isUnion() ? type.getUnionTypes() : [type];
  // `any`, `unknown` and a type parameter are no object type.
  return members.every(
    (t) => t.isObject() && !t.getProperty('task') && !t.getStringIndexType() && t.getCallSignatures().length === 0,
  );
}

/** The method an ask calls: its callee's name, or for `ask.call(server, params)` the method the local holds. */
function askName(site: PushCall): string | undefined {
  if (site.receiverArgument || site.boundParameter || site.destructuredSender) return site.form.split('.').pop();
  const callee = Node.isCallExpression(site.node) ? unwrap(site.node.getExpression()) : undefined;
  return callee && Node.isPropertyAccessExpression(callee) ? callee.getName() : undefined;
}
