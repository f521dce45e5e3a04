import fs from 'node:fs';
import path from 'node:path';
import { attributed } from '../../../lib/planFailure.js';
import { Node } from '../../../lib/tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import type { TransformPlan } from '../../../lib/transform.js';
import type { Site } from '../../../lib/model.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import type { PushCall } from '../analyse/pushCall.js';
import type { Ask } from '../plan/asks.js';
import type { DecidedSite } from '../plan/decide.js';
import type { ExplicitPlan } from '../plan/planExplicit.js';
import type { StepsPlan } from '../plan/planSteps.js';
import type { UrlErrorPlan } from '../plan/planUrlError.js';
import type { ServerWiring } from '../plan/planWiring.js';
import { decisionOf, type OutsideSite } from '../plan/verdict.js';
import type { ReplayPlan } from '../replay/planReplay.js';
import { runtimeFileText } from '../replay/replayRuntime.js';
import { rewriteReplay } from '../replay/rewriteReplay.js';
import { codecEdits, type SharedCodec } from './kit/codec.js';
import { RuntimeImports, runtimePathOf, SHARED_CODEC_EXPORT } from './kit/runtimeImports.js';
import { freshName, styleOf } from './kit/codeText.js';
import { FileEdits } from './kit/fileEdits.js';
import { markerEdit } from './kit/insertMarker.js';
import { statementOf } from '../analyse/statements.js';
import type { TextEdit } from '../../../lib/edits.js';
import { rewriteExplicit } from './rewriteExplicit.js';
import { rewriteNotifier } from './rewriteNotifier.js';
import { rewriteSteps } from './rewriteSteps.js';
import { rewriteUrlError } from './rewriteUrlError.js';
import { SiteReport } from './siteReport.js';

/** The transform's plan, as the contract names it (lib/transform.ts). */
export type FilePlan = TransformPlan;

/** What the emitters share over one run. */
interface Emission {
  out: FileEdits;
  /** Plans already written: a handler's round, or a server's replay, serves several sites. */
  rewritten: Set<ExplicitPlan | StepsPlan | ReplayPlan>;
  /** One requestState codec per file that declares one (step functions and replay share it): its name there. */
  codecs: Map<SourceFile, string>;
  /** Whole files to create (the runtime module). */
  files: Map<string, string>;
  /** The runtime exports each file imports (replay's, and the codec of step functions and replay). */
  runtime: RuntimeImports;
  /** The `runtimeDir` option: where the runtime module goes, else beside the file that builds the server. */
  runtimeDir: string | undefined;
}

/**
 * The report's sites and the edits of every decided site, in the order the sites were found (the order site
 * ids count in, and in which the first edit at a position stands): one emitter per verdict kind.
 */
export function emitSites(decided: DecidedSite[], analysis: MrtrAnalysis, runtimeDir?: string): FilePlan {
  const report = new SiteReport(analysis);
  const emission: Emission = {
    out: new FileEdits(analysis.project),
    rewritten: new Set(),
    codecs: new Map(),
    files: new Map(),
    runtime: new RuntimeImports(),
    runtimeDir,
  };
  const { out, files } = emission;
  const sites: Site[] = [];
  const rewrittenSites: Array<{ absPath: string; node: Node }> = [];
  const markers: Array<{ absPath: string; edit: TextEdit; site: Site; node: Node }> = [];
  for (const decidedSite of decided) {
    const { absPath, call, verdict } = decidedSite;
    // What emitting a site throws is its file's error (lib/planFailure.ts): the planner plans again without it.
    attributed(absPath, () => {
      const site = report.siteOf(decidedSite);
      sites.push(site);
      if (decisionOf(verdict) === 'rewritten') rewrittenSites.push({ absPath, node: call.node });
      switch (verdict.kind) {
        case 'explicit':
          emitExplicit(verdict.plan, absPath, call.node.getSourceFile(), emission);
          break;
        case 'steps':
          emitSteps(verdict.plan, absPath, call.node.getSourceFile(), emission);
          break;
        case 'url-error':
          emitUrlError(verdict.plan, absPath, call.node.getSourceFile(), emission);
          break;
        case 'notifier':
          out.add(absPath, rewriteNotifier(verdict.plan));
          break;
        case 'replay':
          for (const outside of verdict.outside) sites.push(emitOutside(outside, call, report, out));
          emitReplay(verdict.plan, emission);
          break;
        case 'review': {
          const edit = markerEdit(call.node, site.reason!, site.message!);
          if (edit) markers.push({ absPath, edit, site, node: call.node });
          break;
        }
        case 'skipped':
          break;
      }
    });
  }
  // A review marker goes on its statement; when another site's rewrite replaces that statement (a step function
  // moves the code before its ask into a step): the marker then goes above the statement where it moved to.
  for (const { absPath, edit, site, node } of markers) {
    const replacing = (out.edits.get(absPath) ?? []).find(
      (e) => e.end > e.start && e.start < edit.start && edit.start < e.end,
    );
    if (!replacing) out.add(absPath, edit);
    else if (!markMoved(replacing, statementOf(node).getText(), edit))
      site.notes = [
        ...(site.notes ?? []),
        'no review marker: the statement moved with the rewrite of another ask in this handler (into its step function)',
      ];
  }
  out.dropStaleMarkers(rewrittenSites);
  // A file's runtime import goes before the code inserted after its imports (a codec declaration), and after a new
  // SDK import (addImports puts that first).
  for (const { file, edit } of emission.runtime.edits()) out.edits.set(file, [edit, ...(out.edits.get(file) ?? [])]);
  out.addImports();
  return { sites, edits: out.edits, ...(files.size > 0 ? { files } : {}) };
}

function emitExplicit(plan: ExplicitPlan, absPath: string, sourceFile: SourceFile, { out, rewritten }: Emission): void {
  if (rewritten.has(plan)) return;
  rewritten.add(plan);
  const rewrite = rewriteExplicit(plan, styleOf(sourceFile.getFullText(), absPath));
  for (const edit of rewrite.edits) out.add(absPath, edit);
  out.need(absPath, rewrite.imports);
  dropResultSchemas(plan.asks, plan.statements, absPath, out);
}

function emitSteps(plan: StepsPlan, absPath: string, sourceFile: SourceFile, emission: Emission): void {
  const { out, rewritten, codecs } = emission;
  if (rewritten.has(plan)) return;
  rewritten.add(plan);
  const codeFile = plan.wiring.codecFile;
  const constructionFile = plan.wiring.construction.getSourceFile();
  const codec = codecNameOf(plan.wiring, codecs);
  const style = styleOf(sourceFile.getFullText(), absPath);
  const rewrite = rewriteSteps(plan, style, codec);
  const wiring = codecEdits(plan.wiring, codec, style, sharedCodecOf(plan.wiring, emission));
  for (const edit of rewrite.edits) out.add(absPath, edit);
  // The codec's file is the handler's, or the server's when the handler's file imports that (a module singleton).
  for (const edit of wiring.codecFile) out.add(codeFile.getFilePath(), edit);
  for (const edit of wiring.constructionFile) out.add(constructionFile.getFilePath(), edit);
  for (const { file, edit } of wiring.via) out.add(file, edit);
  out.need(absPath, rewrite.imports);
  out.need(codeFile.getFilePath(), wiring.imports);
  dropResultSchemas(plan.asks, plan.statements, absPath, out);
}

function emitUrlError(plan: UrlErrorPlan, absPath: string, sourceFile: SourceFile, { out }: Emission): void {
  const rewrite = rewriteUrlError(plan, styleOf(sourceFile.getFullText(), absPath));
  for (const edit of rewrite.edits) out.add(absPath, edit);
  out.need(absPath, rewrite.imports);
  for (const name of plan.droppable) out.mayDrop(absPath, name, plan.dropped);
}

/** The review marker of a call from outside a request that reaches a replayed ask: its own site. */
function emitOutside(outside: OutsideSite, call: PushCall, report: SiteReport, out: FileEdits): Site {
  const site = report.outsideSiteOf(outside, call);
  const edit = markerEdit(outside.node, site.reason!, site.message!);
  if (edit) out.add(outside.node.getSourceFile().getFilePath(), edit);
  return site;
}

/** A server's replay, once for all its sites: the runtime module, the wrapped handlers, the asks and the codec. */
function emitReplay(plan: ReplayPlan, { out, rewritten, codecs, files, runtime }: Emission): void {
  if (rewritten.has(plan)) return;
  rewritten.add(plan);
  const others = plan.others.map((other) => codecNameOf(other, codecs));
  const rewrite = rewriteReplay(plan, codecNameOf(plan.wiring, codecs), runtime, others);
  for (const [file, list] of rewrite.edits) for (const edit of list) out.add(file, edit);
  for (const [file, names] of rewrite.imports) out.need(file, names);
  if (rewrite.runtime) files.set(rewrite.runtime.path, rewrite.runtime.text);
}

/**
 * The runtime's codec for a step function's server (none when the user declared one): imported in the codec's file
 * from the runtime module, which is created beside the server's construction (or in `runtimeDir`) unless it exists.
 */
function sharedCodecOf(wiring: ServerWiring, { runtime, runtimeDir, files }: Emission): SharedCodec | undefined {
  if (wiring.existing) return undefined;
  const constructionFile = wiring.construction.getSourceFile();
  const runtimePath = runtimePathOf(constructionFile.getFilePath(), runtimeDir);
  if (!files.has(runtimePath) && !fs.existsSync(runtimePath))
    files.set(runtimePath, runtimeFileText(runtimePath, constructionFile));
  return {
    name: runtime.nameIn(wiring.codecFile, SHARED_CODEC_EXPORT, runtimePath),
    module: path.basename(runtimePath),
  };
}

/** The codec's name in the file that declares it: the one already wired, else a name unused in that file and the server's. */
function codecNameOf(wiring: ServerWiring, codecs: Map<SourceFile, string>): string {
  const codecFile = wiring.codecFile;
  const constructionFile = wiring.construction.getSourceFile();
  if (!codecs.has(codecFile))
    codecs.set(
      codecFile,
      wiring.existing ?? freshName(codecFile.getFullText() + constructionFile.getFullText(), 'requestStateCodec'),
    );
  return codecs.get(codecFile)!;
}

/** The result schemas of rewritten `send(..., ElicitResultSchema)` calls: their imports go when nothing else uses them. */
function dropResultSchemas(asks: Ask[], statements: Node[], absPath: string, out: FileEdits): void {
  for (const ask of asks) {
    const schema = Node.isCallExpression(ask.call.node) ? ask.call.node.getArguments()[1] : undefined;
    if (schema && Node.isIdentifier(schema)) out.mayDrop(absPath, schema.getText(), statements);
  }
}

/**
 * Put a review marker (an insertion, `edit`) above a statement that `replacing` moved: where its first line occurs once in
 * the replacement, at its indentation there. Whether it could.
 */
function markMoved(replacing: TextEdit, statementText: string, edit: TextEdit): boolean {
  // Its first line: the lines after it move one level deeper with it.
  const head = statementText.split(/\r?\n/)[0]!;
  const at = replacing.text.indexOf(head);
  if (edit.start !== edit.end || at === -1 || replacing.text.indexOf(head, at + 1) !== -1) return false;
  const lineStart = replacing.text.lastIndexOf('\n', at - 1) + 1;
  const indent = replacing.text.slice(lineStart, at);
  if (!/^[ \t]*$/.test(indent)) return false;
  const marker = edit.text.replace(/^[ \t]*/, '');
  replacing.text = replacing.text.slice(0, lineStart) + indent + marker + replacing.text.slice(lineStart);
  return true;
}
