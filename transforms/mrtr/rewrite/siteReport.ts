import { createHash } from 'node:crypto';
import type { Node } from 'ts-morph';
import type { Site } from '../../../lib/model.js';
import type { AnalysisProject } from '../../../lib/project.js';
import { optionsArgumentOf } from '../analyse/askCall.js';
import type { Chain } from '../analyse/chains.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import { displayName, enclosingFunction, oneLine } from '../analyse/functions.js';
import type { PushCall } from '../analyse/pushCall.js';
import { TRANSFORM_ID } from '../constants.js';
import type { DecidedSite } from '../plan/decide.js';
import { decisionOf, type OutsideSite, type Verdict } from '../plan/verdict.js';
import { REASONS } from '../reasons.js';
import { JOURNAL_BUDGET } from '../replay/journal.js';
import { userFormOf } from './userForm.js';

/** How a journaled step whose value's type could not be read is named in the report, for the reviewer to confirm. */
const UNCHECKED_NOTE =
  '; its type could not be read: a value JSON cannot carry is kept in memory for rounds that come back to this process, and fails with an error naming the step in a 2026-era request over HTTP';

/** How a journaled step whose value JSON cannot carry is named, in a project served over stdio only. */
function keptNote(why: string): string {
  return `; it gives ${why}, which JSON cannot carry: kept in the process's memory between rounds, which all come back to it (the project serves itself over stdio only); a 2026-era request over HTTP would refuse it with an error naming the step`;
}

/**
 * The report's sites, made in the order they are emitted: a site's id carries its ordinal among the sites of
 * the same file, function and code, counted in that order.
 */
export class SiteReport {
  private readonly ordinals = new Map<string, number>();
  private readonly project: AnalysisProject;

  constructor(private readonly analysis: MrtrAnalysis) {
    this.project = analysis.project;
  }

  /** The site of a decided push call, with its notes and the detail of its reason. */
  siteOf({ absPath, call, chains, guards, verdict }: DecidedSite): Site {
    const site = this.toSite(call, chains, verdict, guards, this.project.relative(absPath));
    // A reason can name what it found (e.g. the local that cannot travel in requestState).
    if (verdict.kind === 'steps' && verdict.plan.notes.length > 0) site.notes = verdict.plan.notes;
    if (verdict.kind === 'review' && verdict.detail) site.message = `${site.message}: ${verdict.detail}`;
    // The explicit form has no request to pass options to: say so rather than drop them silently.
    const options =
      decisionOf(verdict) === 'rewritten' && verdict.kind !== 'replay' ? optionsArgumentOf(call) : undefined;
    if (options)
      site.notes = [
        ...(site.notes ?? []),
        `the call's options are dropped (${oneLine(options.getText())}): the round returns input_required at once and the client answers on its retry, so there is no pending request to time out, cancel or report progress on`,
      ];
    if (verdict.kind === 'replay') {
      // Effects before an ask are journaled (they run once): the report names them per handler.
      // A loop's one registration serves each element's handler: only the steps on this site's own path count.
      const journaled = chains.flatMap((c) =>
        c.registration
          ? (verdict.plan.steps.get(c.registration) ?? []).filter(
              (s) => !c.element || isOnChain(s.statement, c, this.project),
            )
          : [],
      );
      // What a finally around the ask releases is made anew on each round: it runs again, unwrapped.
      const perRound = new Map(journaled.filter((s) => s.perRound).map((s) => [s.statement, s.perRound!]));
      const steps = [...new Set(journaled.filter((s) => !s.perRound).map((s) => s.statement))];
      // A value whose type the analysis could not read is journaled too; the step refuses one JSON cannot carry.
      const unchecked = new Set(journaled.filter((s) => s.unchecked).map((s) => s.statement));
      // A value JSON cannot carry, in a project served over stdio only: kept in the process's memory.
      const kept = new Map(journaled.filter((s) => s.kept).map((s) => [s.statement, s.kept!]));
      // A value that may be large, in a project served over stdio only: it travels in requestState.
      const large = new Map(journaled.filter((s) => s.large).map((s) => [s.statement, s.large!]));
      const how = (s: Node) =>
        kept.has(s)
          ? keptNote(kept.get(s)!)
          : unchecked.has(s)
            ? UNCHECKED_NOTE
            : large.has(s)
              ? `; it gives ${large.get(s)!}, which may be large: over stdio it travels in requestState between the server and its one client, and past the ${JOURNAL_BUDGET} budget the server warns once on stderr`
              : '';
      if (steps.length > 0)
        site.notes = steps.map(
          (s) =>
            `journaled (runs once, its result is replayed on later rounds${how(s)}): ${this.project.relative(s.getSourceFile().getFilePath())}:${this.project.userLine(s)} ${oneLine(s.getText())}`,
        );
      for (const [s, why] of perRound)
        site.notes = [
          ...(site.notes ?? []),
          `runs again on each round (${why}, and that block runs at the end of every round): ${this.project.relative(s.getSourceFile().getFilePath())}:${this.project.userLine(s)} ${oneLine(s.getText())}`,
        ];
    }
    const tests = [...new Set(chains.flatMap((c) => c.tests ?? []))];
    if (tests.length > 0)
      site.notes = [...(site.notes ?? []), testCallersNote(tests, decisionOf(verdict), verdict.kind === 'replay')];
    return site;
  }

  /** The review site of a call from outside a request that reaches the replayed ask `call`. */
  outsideSiteOf(outside: OutsideSite, call: PushCall): Site {
    const families = [...new Set(outside.chains.map((c) => c.family))];
    const verdict: Verdict = {
      kind: 'review',
      reason: 'caller-outside-request',
      family: families.length === 1 ? families[0]! : 'mixed',
      families,
    };
    const outsideCall: PushCall = { node: outside.node, kind: call.kind, form: call.form, sdk: call.sdk };
    return this.toSite(
      outsideCall,
      outside.chains,
      verdict,
      outside.guards,
      this.project.relative(outside.node.getSourceFile().getFilePath()),
    );
  }

  private toSite(call: PushCall, chains: Chain[], verdict: Verdict, guards: string[], file: string): Site {
    const notificationChain =
      call.reason === 'roots-list-changed'
        ? [
            {
              family: 'notification' as const,
              frames: [
                {
                  ...this.analysis.frameAt(call.node, 'notifications/roots/list_changed'),
                  family: 'notification' as const,
                  method: 'notifications/roots/list_changed',
                },
              ],
            },
          ]
        : chains;
    const { line, column } = this.project.userPosition(call.node);
    const code = oneLine(call.node.getText());
    const user = userFormOf(this.project, call.node, call.form);
    const fn = enclosingFunction(call.node);
    const idBase = `${file}|${fn ? displayName(fn) : '<module>'}|${code}`;
    const ordinal = (this.ordinals.get(idBase) ?? 0) + 1;
    this.ordinals.set(idBase, ordinal);
    const frames = notificationChain.map((c) => c.frames);
    const first = notificationChain[0];
    const handler = first?.frames[0]?.family && first.frames[0].family !== 'startup' ? first.frames[0] : undefined;
    const family = call.reason === 'roots-list-changed' ? 'notification' : verdict.family;
    const decision = decisionOf(verdict);
    return {
      id: `${TRANSFORM_ID}-${createHash('sha1').update(`${idBase}|${ordinal}`).digest('hex').slice(0, 12)}`,
      transform: TRANSFORM_ID,
      file,
      line,
      column,
      kind: call.kind,
      // A v1 file's call as the user wrote it (the id above stays the analysed text's: stable across the migration).
      form: user?.form ?? call.form,
      sdk: call.sdk,
      code: user?.code ?? code,
      family,
      families: call.reason === 'roots-list-changed' ? ['notification'] : verdict.families,
      ...(handler ? { handler } : {}),
      chain: frames[0] ?? [],
      chains: frames,
      guards,
      decision,
      ...(decision === 'rewritten'
        ? { strategy: verdict.kind === 'replay' ? ('replay' as const) : ('explicit' as const) }
        : {}),
      ...('reason' in verdict ? { reason: verdict.reason, message: messageFor(verdict.reason, call.sdk) } : {}),
    };
  }
}

/** Tests that call a function of the site's chains directly (`name: file` each): named, as they do not count for the verdict. */
function testCallersNote(tests: string[], decision: Site['decision'], replayed: boolean): string {
  const byFunction = new Map<string, string[]>();
  for (const entry of tests) {
    const [name, file] = entry.split(': ') as [string, string];
    byFunction.set(name, [...(byFunction.get(name) ?? []), file]);
  }
  const listed = [...byFunction].map(([name, files]) => `${name} from ${files.join(', ')}`).join('; ');
  const called = `called directly by tests (${listed}): test files are not production, their calls do not count for the verdict`;
  if (decision !== 'rewritten') return called;
  return replayed
    ? `${called}. The ask now takes its answer from a request: in those tests, run the call inside runWithAnswers(answer, () => ...) from the replay runtime module, with answer returning what the client would`
    : `${called}. The migration rewrites this ask for requests: update those tests, which call it outside one`;
}

function messageFor(reason: keyof typeof REASONS, sdk: Site['sdk']): string {
  const message = REASONS[reason].message;
  return reason === 'no-strategy-yet' && sdk === 'v1'
    ? `${message} (SDK v1 file: the v2 SDK is needed first)`
    : message;
}

/** Whether a statement sits in one of the functions a chain goes through (directly or in a callback inside one). */
function isOnChain(statement: Node, chain: Chain, project: AnalysisProject): boolean {
  const file = project.relative(statement.getSourceFile().getFilePath());
  for (let fn = enclosingFunction(statement); fn; fn = enclosingFunction(fn)) {
    const line = project.userLine(fn);
    if (chain.frames.some((frame) => frame.file === file && frame.line === line)) return true;
  }
  return false;
}
