import type { FileOutcome } from './apply.js';
import type { DiscoveryResult } from './files.js';
import {
  REPORT_SCHEMA_VERSION,
  type Check,
  type FileReport,
  type Finding,
  type Report,
  type Site,
  type Totals,
} from './model.js';
import type { AnalysisProject } from './project.js';
import { TOOL_NAME, TOOL_VERSION } from './version.js';

/** The report of a run: a file entry per discovered file and per whole file written, sites and findings sorted, totals. */
export function buildReport(
  discovery: DiscoveryResult,
  project: AnalysisProject,
  sites: Site[],
  findings: Finding[],
  outcomes: Map<string, FileOutcome>,
  mode: Report['mode'],
  testFilesLeftOut = 0,
  checks: Check[] = [],
): Report {
  const sitesPerFile = new Map<string, number>();
  for (const site of sites) sitesPerFile.set(site.file, (sitesPerFile.get(site.file) ?? 0) + 1);
  const files: FileReport[] = [];
  for (const entry of discovery.files) {
    const parseProblem = project.parseProblems.get(entry.absPath);
    if (parseProblem) {
      files.push({
        file: entry.file,
        status: 'error',
        sites: 0,
        problem: {
          kind: 'parse-error',
          message: `${entry.file}:${parseProblem.line}:${parseProblem.column}: ${parseProblem.message}`,
          line: parseProblem.line,
          column: parseProblem.column,
        },
      });
    } else {
      const outcome = outcomes.get(entry.absPath);
      files.push({
        file: entry.file,
        status: outcome?.status ?? 'unchanged',
        sites: sitesPerFile.get(entry.file) ?? 0,
        ...(outcome?.problem ? { problem: outcome.problem } : {}),
        ...(outcome?.diff ? { diff: outcome.diff } : {}),
      });
    }
  }
  // Whole files the plan wrote outside the discovered sources (created modules, package.json).
  const known = new Set(discovery.files.map((f) => f.absPath));
  for (const [absPath, outcome] of outcomes) {
    if (known.has(absPath) || !outcome.file) continue;
    files.push({
      file: outcome.file,
      status: outcome.status,
      sites: 0,
      ...(outcome.created ? { created: true } : {}),
      ...(outcome.problem ? { problem: outcome.problem } : {}),
      ...(outcome.diff ? { diff: outcome.diff } : {}),
    });
  }
  for (const problem of discovery.problems) {
    // An unreadable file may hold sites the audit could not see: that fails the run; the rest are skipped by design.
    const status = problem.kind === 'unreadable' || problem.kind === 'not-found' ? 'error' : 'skipped';
    files.push({ file: problem.file, status, sites: 0, problem: { kind: problem.kind, message: problem.message } });
  }
  files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  sites.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    mode,
    root: discovery.root,
    wrote: mode === 'migrate' && [...outcomes.values()].some((o) => o.status === 'changed'),
    sites,
    ...(findings.length > 0 ? { findings } : {}),
    ...(checks.length > 0 ? { checks } : {}),
    files,
    totals: { ...totalsOf(sites, files, project), ...(testFilesLeftOut > 0 ? { testFilesLeftOut } : {}) },
  };
}

function totalsOf(sites: Site[], files: FileReport[], project: AnalysisProject): Totals {
  const byFamily: Totals['byFamily'] = {};
  for (const site of sites) byFamily[site.family] = (byFamily[site.family] ?? 0) + 1;
  return {
    files: files.length,
    filesParsed: project.filesParsed(),
    filesWithSites: new Set(sites.map((s) => s.file)).size,
    filesSkipped: files.filter((f) => f.status === 'skipped').length,
    filesWithErrors: files.filter((f) => f.status === 'error').length,
    filesChanged: files.filter((f) => f.status === 'changed').length,
    sites: sites.length,
    rewritten: sites.filter((s) => s.decision === 'rewritten').length,
    review: sites.filter((s) => s.decision === 'review').length,
    skipped: sites.filter((s) => s.decision === 'skipped').length,
    byKind: {
      elicitation: sites.filter((s) => s.kind === 'elicitation').length,
      sampling: sites.filter((s) => s.kind === 'sampling').length,
      roots: sites.filter((s) => s.kind === 'roots').length,
    },
    byFamily,
  };
}
