import type { Frame, Report, Site } from '../model.js';
import { groupFindings } from './findingGroups.js';

export interface TextOptions {
  verbose?: boolean;
}

/** Human-readable report: sites grouped by file, then file problems, totals and the next step. */
export function toText(report: Report, options: TextOptions = {}): string {
  const lines: string[] = [];
  const byFile = new Map<string, Site[]>();
  for (const site of report.sites) {
    const list = byFile.get(site.file) ?? [];
    list.push(site);
    byFile.set(site.file, list);
  }
  for (const [file, sites] of byFile) {
    lines.push(file);
    for (const site of sites) {
      const verdict =
        site.decision === 'review' || site.decision === 'skipped'
          ? `${site.decision} ${site.transform}/${site.reason}`
          : `${site.decision} (${site.strategy})`;
      lines.push(`  ${site.line}:${site.column}  ${site.kind}  ${site.form}  [${site.family}]  ${verdict}`);
      const more = site.chains.length > 1 && !options.verbose ? ` (+${site.chains.length - 1} more)` : '';
      lines.push(`      via ${formatChain(site.chain)}${more}`);
      for (const note of site.notes ?? []) lines.push(`      note: ${note}`);
      if (options.verbose) {
        for (const chain of site.chains.slice(1)) lines.push(`      via ${formatChain(chain)}`);
        if (site.guards.length > 0) lines.push(`      guards: ${site.guards.join(', ')}`);
        if (site.message) lines.push(`      ${site.message}`);
        lines.push(`      code: ${site.code}`);
      }
    }
    lines.push('');
  }
  const findings = report.findings ?? [];
  // Notes (e.g. the official codemod's "wrapped with z.object()") only with --verbose; review findings always.
  // The same reason and message in many files is one line, with its places below it.
  const groups = groupFindings(findings);
  const shownGroups = options.verbose ? groups : groups.filter((g) => g.decision === 'review');
  if (findings.length > 0) {
    lines.push('Other findings:');
    for (const group of shownGroups) {
      const said = `${group.decision} ${group.transform}/${group.reason}  ${group.message}`;
      const [first, ...more] = group.places;
      if (more.length === 0) lines.push(`  ${first!.file}:${first!.line}  ${said}`);
      else lines.push(`  ${said}`, `    in ${group.places.map((p) => `${p.file}:${p.line}`).join(', ')}`);
    }
    const hidden = groups.length - shownGroups.length;
    if (hidden > 0) lines.push(`  (+${hidden} note${hidden === 1 ? '' : 's'}: --verbose shows them)`);
    lines.push('');
  }
  const problems = report.files.filter((f) => f.problem);
  if (problems.length > 0) {
    lines.push('Files not analysed:');
    for (const file of problems)
      lines.push(`  ${file.status === 'error' ? 'error  ' : 'skipped'}  ${file.problem!.message}`);
    lines.push('');
  }
  const t = report.totals;
  const kinds = `${t.byKind.elicitation} elicitation, ${t.byKind.sampling} sampling, ${t.byKind.roots} roots`;
  lines.push(
    `${t.sites} push-style site${t.sites === 1 ? '' : 's'} (${kinds}) in ${t.filesWithSites} of ${t.files} files (${t.filesParsed} parsed).`,
  );
  lines.push(
    `Decisions: ${t.rewritten} rewritten, ${t.review} review, ${t.skipped} skipped. Files: ${t.filesWithErrors} with errors, ${t.filesSkipped} skipped.`,
  );
  const families = Object.entries(t.byFamily)
    .map(([family, n]) => `${family} ${n}`)
    .join(', ');
  if (families) lines.push(`Where they run: ${families}.`);
  const tests = t.testFilesLeftOut ?? 0;
  if (tests > 0)
    lines.push(
      `Test files left out: ${tests} (--include-tests audits the asks written in them; their calls never decide a verdict).`,
    );
  lines.push(...outcomeLines(report));
  lines.push(nextStep(report));
  return lines.join('\n') + '\n';
}

/** The checks' summary lines, then what the run did: never "Migrated" over a result a check found broken. */
function outcomeLines(report: Report): string[] {
  const lines = (report.checks ?? []).map((c) => `${c.summary.charAt(0).toUpperCase()}${c.summary.slice(1)}.`);
  const n = report.totals.filesChanged;
  const files = `${n} file${n === 1 ? '' : 's'}`;
  const broken = (report.checks ?? []).some((c) => c.status === 'failed');
  if (report.mode === 'dry-run') lines.push(`Dry run: ${files} would change (--diff shows how). Nothing was written.`);
  else if (!report.wrote) lines.push('Nothing needed changing; nothing was written.');
  else if (broken)
    lines.push(
      `Changed ${files} in place, but the migrated project does not type-check (review items above): fix them before merging; review with git diff.`,
    );
  else lines.push(`Migrated: ${files} changed in place; review them with git diff.`);
  return lines;
}

function formatChain(chain: Frame[]): string {
  return (
    chain
      .map(
        (frame) =>
          `${frame.name} (${frame.file}:${frame.line}${frame.callLine ? `, calls at :${frame.callLine}` : ''})`,
      )
      .join(' -> ') || '(no caller)'
  );
}

function nextStep(report: Report): string {
  const t = report.totals;
  if (t.filesWithErrors > 0) return 'Next: fix the files with errors (listed above) and run the audit again.';
  if (t.sites === 0) return 'Next: nothing to migrate; this code sends no push-style requests.';
  if (t.review > 0 && report.mode === 'migrate')
    return 'Next: resolve each /* @mcp-mrtr-review <reason-id>: ... */ marker (grep -rn @mcp-mrtr-review); the README lists the advice per reason id.';
  if (t.review > 0)
    return 'Next: read each review item and its advice (README, "Reason ids"); the migration marks each one in the source.';
  return 'Next: review the diff.';
}
