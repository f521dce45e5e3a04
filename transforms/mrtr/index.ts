import { createHash } from 'node:crypto';
import type { TextEdit } from '../../lib/edits.js';
import type { Site } from '../../lib/model.js';
import type { AnalysisProject } from '../../lib/project.js';
import { Node } from '../../lib/tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import { addImportsEdit, removeImportsEdits } from './rewrite/kit/addImports.js';
import { MrtrAnalysis, type Chain } from './analyse/classify.js';
import { PREFILTER_WORDS, TRANSFORM_ID } from './constants.js';
import { findPushCalls } from './detect/findPushCalls.js';
import type { PushCall } from './analyse/pushCall.js';
import { displayName, enclosingFunction, oneLine } from './analyse/functions.js';
import { findGuards, isIgnored } from './detect/guards.js';
import { markerEdit, staleMarkerEdits } from './rewrite/kit/insertMarker.js';
import { builderOf, optionsArgumentOf } from './analyse/askCall.js';
import { isDirectAsk } from './analyse/handlerSite.js';
import { planExplicit, type ExplicitPlan, type ExplicitVerdict } from './plan/planExplicit.js';
import { isCompletionNotifier, planNotifier, type NotifierVerdict } from './plan/planNotifier.js';
import { rewriteNotifier } from './rewrite/rewriteNotifier.js';
import { planReplay, type ReplayPlan, type Strategy } from './replay/planReplay.js';
import { planSite } from './plan/planSite.js';
import { decisionOf, type Verdict } from './plan/verdict.js';
import { planSteps, type StepsPlan, type StepsVerdict } from './plan/planSteps.js';
import { isUrlError, planUrlError, type UrlErrorVerdict } from './plan/planUrlError.js';
import { freshName, styleOf } from './rewrite/kit/codeText.js';
import { rewriteExplicit } from './rewrite/rewriteExplicit.js';
import { rewriteReplay } from './replay/rewriteReplay.js';
import { codecEdits } from './rewrite/kit/codec.js';
import { rewriteSteps } from './rewrite/rewriteSteps.js';
import { rewriteUrlError } from './rewrite/rewriteUrlError.js';
import { REASONS } from './reasons.js';
import { wordOffsets } from './analyse/symbols.js';

export { TRANSFORM_ID } from './constants.js';

/** Any of the prefilter words, as one pattern: one pass over a text rather than one per word. */
const PREFILTER = new RegExp(PREFILTER_WORDS.map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'));

/** The prefilter: a file without any of these words cannot hold a site and is never parsed. */
export function mayHoldSite(text: string): boolean {
  return PREFILTER.test(text);
}

export interface FilePlan {
  sites: Site[];
  /** Edits per absolute file path: what the migration applies (and the dry run shows). */
  edits: Map<string, TextEdit[]>;
  /**
   * Whole files to create, or to replace entirely (e.g. a generated runtime module, package.json), by absolute
   * path: the full new text. A path must not also have `edits`.
   */
  files?: Map<string, string>;
}

interface Found {
  absPath: string;
  call: PushCall;
  chains: Chain[];
  guards: string[];
  ignored: boolean;
}

export interface AuditFilesOptions {
  /**
   * `auto`: explicit where it is provably equivalent, replay where it is not; or force one. The default stays
   * `explicit` until the bundled examples' pinned reports are regenerated with replay.
   */
  strategy?: Strategy;
  /** Absolute folder for the replay runtime module; default: beside the file that constructs the server. */
  runtimeDir?: string;
}

/** Detect, classify and plan every push-style site in the given (already discovered) files, then derive the edits. */
export function auditFiles(project: AnalysisProject, candidates: string[], options: AuditFilesOptions = {}): FilePlan {
  const analysis = new MrtrAnalysis(project);
  // Parse every candidate before the first symbol query: each file added later rebuilds the program.
  const sourceFiles = candidates.map((absPath) => project.load(absPath));
  const found: Found[] = [];
  for (const [index, absPath] of candidates.entries()) {
    const sourceFile = sourceFiles[index];
    if (!sourceFile) continue;
    for (const call of findPushCalls(sourceFile, analysis)) {
      const chains = call.reason === 'roots-list-changed' ? [] : analysis.chainsOf(call.node);
      found.push({ absPath, call, chains, guards: findGuards(call.node), ignored: isIgnored(call.node) });
    }
  }
  // The asks of each handler registration, across files: the explicit form rewrites a handler's asks together.
  const groups = new Map<Node, Found[]>();
  for (const f of found) {
    for (const registration of new Set(f.chains.map((c) => c.registration?.call).filter((r): r is Node => r !== undefined))) {
      groups.set(registration, [...(groups.get(registration) ?? []), f]);
    }
  }
  const groupVerdicts = new Map<Node, ExplicitVerdict | StepsVerdict>();
  const codecHosts = new Map<Node, SourceFile>();
  // Asks that are not one round (dependent, or after code with effects) become a step function when they can.
  const withSteps = (verdict: ExplicitVerdict, group: Found[]): ExplicitVerdict | StepsVerdict => {
    if (verdict?.kind !== 'review' || !['several-asks', 'repeated-effects', 'ask-not-statement'].includes(verdict.reason)) return verdict;
    if (group.some((g) => g.ignored || !isDirectAsk(g))) return verdict;
    const steps = planSteps(group, analysis);
    if (!steps || (steps.kind === 'review' && steps.reason === 'ask-not-statement')) return verdict;
    if (steps.kind === 'steps' && !steps.plan.wiring.existing) {
      // One codec per server, declared in the first file whose handlers need it.
      const host = codecHosts.get(steps.plan.wiring.construction) ?? steps.plan.wiring.codecFile;
      codecHosts.set(steps.plan.wiring.construction, host);
      if (host !== steps.plan.wiring.codecFile) {
        return { kind: 'review', reason: 'state-codec-unwired', detail: `this server's requestState codec is declared in ${project.relative(host.getFilePath())}: export it from there and import it here, then run the tool again` };
      }
    }
    return steps;
  };
  // Completion notifiers go with their handler's URL ask: they are not asks of the round.
  const asksOf = (registration: Node | undefined, f: Found) => (registration ? (groups.get(registration) ?? [f]) : [f]).filter((g) => !isCompletionNotifier(g.call));
  const isUrlAsk = (g: Found) => isUrlError(g.call) || builderOf(g.call, g.call.form.split('.').pop() ?? '') === 'elicitUrl';
  // The notifiers the explicit rewrite of a URL ask replaces with a no-op: code before the ask may hold them.
  const notifiersOf = (registration: Node | undefined): Node[] => {
    const group = registration ? (groups.get(registration) ?? []) : [];
    if (!group.some(isUrlAsk)) return [];
    return group.filter((g) => isCompletionNotifier(g.call) && !g.ignored && planNotifier(g)).map((g) => g.call.node);
  };
  const explicitFor = (f: Found): ExplicitVerdict | UrlErrorVerdict | StepsVerdict => {
    if (f.ignored) return undefined;
    const registration = f.chains[0]?.registration?.call;
    const group = asksOf(registration, f);
    if (isUrlError(f.call)) {
      const alone = planUrlError(f, analysis);
      return alone?.kind === 'url-error' && group.length > 1 ? { kind: 'review', reason: 'several-asks' } : alone;
    }
    const alone = planExplicit([f], analysis, notifiersOf(registration));
    if (group.length === 1 && alone?.kind === 'review') {
      if (!groupVerdicts.has(f.call.node)) groupVerdicts.set(f.call.node, withSteps(alone, group));
      return groupVerdicts.get(f.call.node);
    }
    if (group.length === 1 || !isDirectAsk(f) || alone === undefined) return alone;
    // A handler whose asks are not all written in it (helpers, silenced sites) needs more than one round.
    if (group.some((g) => g.ignored || !isDirectAsk(g))) return { kind: 'review', reason: 'several-asks' };
    if (!groupVerdicts.has(registration!)) groupVerdicts.set(registration!, withSteps(planExplicit(group, analysis, notifiersOf(registration)), group));
    return groupVerdicts.get(registration!);
  };
  // A notifier is replaced when every ask of its handler is rewritten and one of them is a URL ask.
  const notifierFor = (f: Found): NotifierVerdict | undefined => {
    if (f.ignored || f.call.sdk !== 'v2') return undefined;
    const plan = planNotifier(f);
    const registration = f.chains[0]?.registration?.call;
    const asks = registration ? asksOf(registration, f) : [];
    const rewritten = plan && asks.some(isUrlAsk) && asks.every((g) => { const v = explicitFor(g); return !!v && v.kind !== 'review'; });
    return rewritten ? { kind: 'notifier', plan } : { kind: 'review', reason: 'completion-notifier' };
  };
  // Asks the explicit form cannot take (helpers, guards, loops) keep their place and replay (see planReplay.ts).
  const replayVerdicts = planReplay(
    found,
    (f) => {
      const verdict = explicitFor(found.find((g) => g.call === f.call)!);
      return verdict?.kind === 'review' ? verdict.reason : verdict ? 'explicit' : 'no-strategy-yet';
    },
    (registration) => groups.get(registration) ?? [],
    analysis,
    options.strategy ?? 'auto',
    codecHosts,
    options.runtimeDir,
  );
  const rewritten = new Set<ExplicitPlan | StepsPlan | ReplayPlan>();
  const files = new Map<string, string>();
  // One requestState codec per file that constructs a server with step functions.
  const codecs = new Map<SourceFile, string>();

  const sites: Site[] = [];
  const edits = new Map<string, TextEdit[]>();
  const imports = new Map<string, Set<string>>();
  // Result schemas of rewritten `send(..., ElicitResultSchema)` calls: their imports go when nothing else uses them.
  const legacy = new Map<string, Array<{ name: string; replaced: Node[] }>>();
  const addEdit = (absPath: string, edit: TextEdit) => {
    const list = edits.get(absPath) ?? [];
    // Two sites of one statement may both update its marker: the first one's update stands.
    const replaced = edit.end > edit.start && list.some((e) => e.start === edit.start && e.end === edit.end);
    if (!replaced && !list.some((e) => e.start === edit.start && e.end === edit.end && e.text === edit.text)) list.push(edit);
    edits.set(absPath, list);
  };
  // Sites rewritten now that an earlier run marked for review: their markers go (unless an edit covers them).
  const rewrittenSites: Array<{ absPath: string; node: Node }> = [];
  const ordinals = new Map<string, number>();
  const outsideSeen = new Set<Node>();
  for (const { absPath, call, chains, guards, ignored } of found) {
    const sourceFile = call.node.getSourceFile();
    const strategy = replayVerdicts.get(call.node) ?? (isCompletionNotifier(call) ? notifierFor({ absPath, call, chains, guards, ignored }) : explicitFor({ absPath, call, chains, guards, ignored }));
    const verdict = planSite(call, chains, ignored, strategy);
    const file = project.relative(absPath);
    const site = toSite(call, chains, verdict, guards, file, ordinals, analysis);
    // A reason can name what it found (e.g. the local that cannot travel in requestState).
    if (verdict.kind === 'steps' && verdict.plan.notes.length > 0) site.notes = verdict.plan.notes;
    if (verdict.kind === 'review' && verdict.detail) site.message = `${site.message}: ${verdict.detail}`;
    // The explicit form has no request to pass options to: say so rather than drop them silently.
    const options = decisionOf(verdict) === 'rewritten' && verdict.kind !== 'replay' ? optionsArgumentOf(call) : undefined;
    if (options) site.notes = [...(site.notes ?? []), `the call's options are dropped (${oneLine(options.getText())}): the round returns input_required at once and the client answers on its retry, so there is no pending request to time out, cancel or report progress on`];
    sites.push(site);
    if (decisionOf(verdict) === 'rewritten') rewrittenSites.push({ absPath, node: call.node });
    if (verdict.kind === 'replay') {
      const plan = verdict.plan;
      // Each call reaching the replayed ask from code that cannot answer input_required is a review item of its own.
      for (const outside of strategy?.kind === 'replay' ? (strategy.outside ?? []) : []) {
        if (outsideSeen.has(outside.node)) continue;
        outsideSeen.add(outside.node);
        const outsideChains = analysis.chainsOf(outside.node);
        const families = [...new Set(outsideChains.map((c) => c.family))];
        const outsideVerdict: Verdict = { kind: 'review', reason: 'caller-outside-request', family: families.length === 1 ? families[0]! : 'mixed', families };
        const outsideCall: PushCall = { node: outside.node, kind: call.kind, form: call.form, sdk: call.sdk };
        const outsideSite = toSite(outsideCall, outsideChains, outsideVerdict, findGuards(outside.node), project.relative(outside.node.getSourceFile().getFilePath()), ordinals, analysis);
        sites.push(outsideSite);
        const edit = markerEdit(outside.node, outsideSite.reason!, outsideSite.message!);
        if (edit) addEdit(outside.node.getSourceFile().getFilePath(), edit);
      }
      // Code before an ask runs again on each round: the report names it per handler.
      // A loop's one registration serves each element's handler: only the statements on this site's own path count.
      const reruns = [...new Set(chains.flatMap((c) => (c.registration ? (plan.reruns.get(c.registration) ?? []).filter((s) => !c.element || isOnChain(s, c, project)) : [])))];
      if (reruns.length > 0) site.notes = reruns.map((s) => `runs again on each round: ${project.relative(s.getSourceFile().getFilePath())}:${s.getStartLineNumber()} ${oneLine(s.getText())}`);
      if (rewritten.has(plan)) continue;
      rewritten.add(plan);
      const codecFile = plan.wiring.codecFile;
      const constructionFile = plan.wiring.construction.getSourceFile();
      if (!codecs.has(codecFile)) codecs.set(codecFile, plan.wiring.existing ?? freshName(codecFile.getFullText() + constructionFile.getFullText(), 'requestStateCodec'));
      const rewrite = rewriteReplay(plan, codecs.get(codecFile)!);
      for (const [file, list] of rewrite.edits) for (const edit of list) addEdit(file, edit);
      for (const [file, names] of rewrite.imports) imports.set(file, new Set([...(imports.get(file) ?? []), ...names]));
      if (rewrite.runtime) files.set(rewrite.runtime.path, rewrite.runtime.text);
    } else if (verdict.kind === 'notifier') {
      addEdit(absPath, rewriteNotifier(verdict.plan));
    } else if (verdict.kind === 'url-error') {
      const plan = verdict.plan;
      const rewrite = rewriteUrlError(plan, styleOf(sourceFile.getFullText(), absPath));
      for (const edit of rewrite.edits) addEdit(absPath, edit);
      imports.set(absPath, new Set([...(imports.get(absPath) ?? []), ...rewrite.imports]));
      legacy.set(absPath, [...(legacy.get(absPath) ?? []), ...plan.droppable.map((name) => ({ name, replaced: plan.dropped }))]);
    } else if (verdict.kind === 'steps') {
      const plan = verdict.plan;
      if (rewritten.has(plan)) continue;
      rewritten.add(plan);
      const codeFile = plan.wiring.codecFile;
      const constructionFile = plan.wiring.construction.getSourceFile();
      if (!codecs.has(codeFile)) codecs.set(codeFile, plan.wiring.existing ?? freshName(codeFile.getFullText() + constructionFile.getFullText(), 'requestStateCodec'));
      const codec = codecs.get(codeFile)!;
      const style = styleOf(sourceFile.getFullText(), absPath);
      const rewrite = rewriteSteps(plan, style, codec);
      const wiring = codecEdits(plan.wiring, codec, style);
      for (const edit of rewrite.edits) addEdit(absPath, edit);
      // The codec's file is the handler's, or the server's when the handler's file imports that (a module singleton).
      for (const edit of wiring.codecFile) addEdit(codeFile.getFilePath(), edit);
      for (const edit of wiring.constructionFile) addEdit(constructionFile.getFilePath(), edit);
      for (const { file, edit } of wiring.via) addEdit(file, edit);
      imports.set(absPath, new Set([...(imports.get(absPath) ?? []), ...rewrite.imports]));
      imports.set(codeFile.getFilePath(), new Set([...(imports.get(codeFile.getFilePath()) ?? []), ...wiring.imports]));
      for (const ask of plan.asks) {
        const schema = Node.isCallExpression(ask.call.node) ? ask.call.node.getArguments()[1] : undefined;
        if (schema && Node.isIdentifier(schema)) legacy.set(absPath, [...(legacy.get(absPath) ?? []), { name: schema.getText(), replaced: plan.statements }]);
      }
    } else if (verdict.kind === 'explicit') {
      const plan = verdict.plan;
      if (rewritten.has(plan)) continue;
      rewritten.add(plan);
      const rewrite = rewriteExplicit(plan, styleOf(sourceFile.getFullText(), absPath));
      for (const edit of rewrite.edits) addEdit(absPath, edit);
      const names = imports.get(absPath) ?? new Set<string>();
      for (const name of rewrite.imports) names.add(name);
      imports.set(absPath, names);
      for (const ask of plan.asks) {
        const schema = Node.isCallExpression(ask.call.node) ? ask.call.node.getArguments()[1] : undefined;
        if (schema && Node.isIdentifier(schema)) {
          legacy.set(absPath, [...(legacy.get(absPath) ?? []), { name: schema.getText(), replaced: plan.statements }]);
        }
      }
    } else if (verdict.kind === 'review') {
      const edit = markerEdit(call.node, site.reason!, site.message!);
      if (edit) addEdit(absPath, edit);
    }
  }
  for (const { absPath, node } of rewrittenSites) {
    for (const edit of staleMarkerEdits(node)) {
      if (!(edits.get(absPath) ?? []).some((e) => e.start < edit.end && edit.start < e.end)) addEdit(absPath, edit);
    }
  }
  for (const [absPath, names] of imports) {
    const sourceFile = project.load(absPath)!;
    const edit = addImportsEdit(sourceFile, [...names], styleOf(sourceFile.getFullText(), absPath));
    // A new import statement goes before any code inserted at the same point (a codec declaration).
    if (edit && edit.start === edit.end) edits.set(absPath, [edit, ...(edits.get(absPath) ?? [])]);
    else if (edit) addEdit(absPath, edit);
    const unused = new Set((legacy.get(absPath) ?? []).map((l) => l.name).filter((name) => !usedOutside(sourceFile, name, legacy.get(absPath)!.flatMap((l) => l.replaced))));
    for (const removal of removeImportsEdits(sourceFile, unused)) addEdit(absPath, removal);
  }
  return { sites, edits, ...(files.size > 0 ? { files } : {}) };
}

function toSite(call: PushCall, chains: Chain[], verdict: Verdict, guards: string[], file: string, ordinals: Map<string, number>, analysis: MrtrAnalysis): Site {
  const sourceFile = call.node.getSourceFile();
  const notificationChain = call.reason === 'roots-list-changed'
    ? [{ family: 'notification' as const, frames: [{ ...analysis.frameAt(call.node, 'notifications/roots/list_changed'), family: 'notification' as const, method: 'notifications/roots/list_changed' }] }]
    : chains;
  const { line, column } = sourceFile.getLineAndColumnAtPos(call.node.getStart());
  const code = oneLine(call.node.getText());
  const fn = enclosingFunction(call.node);
  const idBase = `${file}|${fn ? displayName(fn) : '<module>'}|${code}`;
  const ordinal = (ordinals.get(idBase) ?? 0) + 1;
  ordinals.set(idBase, ordinal);
  const frames = notificationChain.map((c) => c.frames);
  const first = notificationChain[0];
  const handler = first?.frames[0]?.family && first.frames[0].family !== 'startup' ? first.frames[0] : undefined;
  const family = call.reason === 'roots-list-changed' ? 'notification' : verdict.family;
  return {
    id: `${TRANSFORM_ID}-${createHash('sha1').update(`${idBase}|${ordinal}`).digest('hex').slice(0, 12)}`,
    transform: TRANSFORM_ID,
    file,
    line,
    column,
    kind: call.kind,
    form: call.form,
    sdk: call.sdk,
    code,
    family,
    families: call.reason === 'roots-list-changed' ? ['notification'] : verdict.families,
    ...(handler ? { handler } : {}),
    chain: frames[0] ?? [],
    chains: frames,
    guards,
    decision: decisionOf(verdict),
    ...(decisionOf(verdict) === 'rewritten' ? { strategy: verdict.kind === 'replay' ? ('replay' as const) : ('explicit' as const) } : {}),
    ...('reason' in verdict ? { reason: verdict.reason, message: messageFor(verdict.reason, call.sdk) } : {}),
  };
}

/** Whether `name` is used anywhere but in import declarations and the statements the rewrite replaces. */
function usedOutside(sourceFile: SourceFile, name: string, replaced: Node[]): boolean {
  const excluded = [...sourceFile.getImportDeclarations(), ...replaced].map((n) => [n.getStart(), n.getEnd()] as const);
  return wordOffsets(sourceFile, name).some((offset) => !excluded.some(([start, end]) => offset >= start && offset < end));
}

function messageFor(reason: keyof typeof REASONS, sdk: Site['sdk']): string {
  const message = REASONS[reason].message;
  return reason === 'no-strategy-yet' && sdk === 'v1' ? `${message} (SDK v1 file: the v2 SDK is needed first)` : message;
}

/** Whether a statement sits in one of the functions a chain goes through (directly or in a callback inside one). */
function isOnChain(statement: Node, chain: Chain, project: AnalysisProject): boolean {
  const file = project.relative(statement.getSourceFile().getFilePath());
  for (let fn = enclosingFunction(statement); fn; fn = enclosingFunction(fn)) {
    const line = fn.getStartLineNumber();
    if (chain.frames.some((frame) => frame.file === file && frame.line === line)) return true;
  }
  return false;
}
