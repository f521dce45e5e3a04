import type { Frame, Report, Site } from '../model.js';
import { adviceOf, type TransformCatalogue } from '../transform.js';
import { groupFindings, type FindingGroup } from './findingGroups.js';
import { reasonUrl } from './links.js';

export interface MarkdownOptions {
  /**
   * Prepended to each report path in links (not in the text shown): the root's path inside the repository
   * (`examples/server/`), optionally after a blob URL (`https://github.com/o/r/blob/<sha>/`). Default `''`.
   */
  linkPrefix?: string;
  /** With more review items than this, each handler's items fold into a `<details>` block. Default 10. */
  foldAfter?: number;
  /** The longest comment to produce; items past it are counted, not listed. Default 60,000 (GitHub takes 65,536). */
  maxLength?: number;
}

const DEFAULT_FOLD_AFTER = 10;
const DEFAULT_MAX_LENGTH = 60_000;
// Room kept for the sections after the review list when the comment is cut.
const TAIL_RESERVE = 4_000;

interface HandlerGroup {
  entry?: Frame;
  sites: Site[];
}

/**
 * The report as a pull-request comment: totals, a checklist of review items grouped by handler (file:line links,
 * reason id, advice), the rewritten sites, file problems, and what to do next. Long lists fold; the whole
 * stays under `maxLength`.
 */
export function toMarkdown(
  report: Report,
  catalogues: readonly TransformCatalogue[],
  options: MarkdownOptions = {},
): string {
  const prefix = options.linkPrefix ?? '';
  const link = (file: string, line: number) => `[${file}:${line}](${prefix}${file}#L${line})`;
  const md: MarkdownContext = {
    report,
    catalogues,
    foldAfter: options.foldAfter ?? DEFAULT_FOLD_AFTER,
    maxLength: options.maxLength ?? DEFAULT_MAX_LENGTH,
    link,
    dry: report.mode === 'dry-run',
  };

  const head = headSection(md);
  const body = [
    ...reviewSection(md, head.join('\n').length),
    ...findingSections(md),
    ...rewrittenSection(md),
    ...skippedSection(md),
    ...filesSection(md),
  ];
  return [...head, ...body, ...nextSteps(report)].join('\n');
}

/** What every section builder reads: the report, the catalogues, the options resolved, the link format. */
interface MarkdownContext {
  report: Report;
  catalogues: readonly TransformCatalogue[];
  foldAfter: number;
  maxLength: number;
  link: (file: string, line: number) => string;
  dry: boolean;
}

/** The title, the one-line summary and the totals table. */
function headSection({ report, dry }: MarkdownContext): string[] {
  const t = report.totals;
  const head: string[] = [];
  head.push(`## MRTR migration ${dry ? 'audit' : 'report'}`, '');
  head.push(
    `\`${report.tool.name}\` ${report.tool.version}, ${dry ? 'dry run (nothing written)' : 'migration in place'}: ` +
      `${t.sites} push-style ${t.sites === 1 ? 'site' : 'sites'} in ${t.filesWithSites} of ${t.files} files.`,
    '',
  );
  const byStrategy = (strategy: Site['strategy']) =>
    report.sites.filter((s) => s.decision === 'rewritten' && s.strategy === strategy).length;
  head.push('| | count |', '| --- | ---: |');
  head.push(`| push-style sites | ${t.sites} |`);
  head.push(`| rewritten, explicit strategy | ${byStrategy('explicit')} |`);
  head.push(`| rewritten, replay strategy | ${byStrategy('replay')} |`);
  head.push(`| review | ${t.review} |`);
  head.push(`| skipped | ${t.skipped} |`);
  head.push(`| ${dry ? 'files that would change' : 'files changed'} | ${t.filesChanged} |`);
  head.push(`| files with errors | ${t.filesWithErrors} |`, '');
  // The checks of the result (the migrated project's type check): one line each, a failed one first in bold.
  for (const check of report.checks ?? [])
    head.push(check.status === 'failed' ? `**${capitalized(check.summary)}.**` : `${capitalized(check.summary)}.`, '');
  return head;
}

/**
 * The review items of the sites, grouped by handler (folded with more than `foldAfter`), as many as fit in what
 * `maxLength` leaves after the head (`headLength` characters) and the tail; the rest are counted.
 */
function reviewSection(md: MarkdownContext, headLength: number): string[] {
  const { report, catalogues, foldAfter, maxLength, link, dry } = md;
  const body: string[] = [];
  const review = report.sites.filter((s) => s.decision === 'review');
  let omitted = 0;
  if (review.length > 0) {
    body.push(`### Review items (${review.length})`, '');
    body.push(
      dry
        ? 'The migration leaves these to a human and marks each in the source with `/* @mcp-mrtr-review <reason-id>: ... */`.'
        : 'Left to a human; each is marked in the source with `/* @mcp-mrtr-review <reason-id>: ... */`.',
      '',
    );
    const fold = review.length > foldAfter;
    let budget = maxLength - TAIL_RESERVE - headLength - body.join('\n').length;
    for (const group of groupByHandler(review)) {
      const items = group.sites.map((site) => reviewItem(site, link, catalogues));
      const title = group.entry
        ? `\`${group.entry.name}\` (${link(group.entry.file, group.entry.line)})`
        : '(no caller found)';
      const lines: string[] = [];
      if (fold) {
        const reasons = [...new Set(group.sites.map((s) => s.reason))].join(', ');
        const summaryTitle = group.entry
          ? `<code>${escapeHtml(group.entry.name)}</code> ${escapeHtml(group.entry.file)}:${group.entry.line}`
          : '(no caller found)';
        lines.push(
          '<details>',
          `<summary>${summaryTitle}: ${plural(group.sites.length, 'item')} (${escapeHtml(reasons)})</summary>`,
          '',
        );
      } else {
        lines.push(`**${title}**`, '');
      }
      const shown: string[] = [];
      for (const item of items) {
        if (budget - item.length - 1 < 0) break;
        budget -= item.length + 1;
        shown.push(item);
      }
      omitted += items.length - shown.length;
      if (shown.length === 0) continue;
      lines.push(...shown, '');
      if (fold) lines.push('</details>', '');
      body.push(...lines);
      budget -= lines.join('\n').length - shown.join('\n').length;
    }
    if (omitted > 0)
      body.push(
        `_${plural(omitted, 'more review item')} not listed (comment size): see the SARIF or JSON report._`,
        '',
      );
  }
  return body;
}

/** The findings of the pre-steps: those to review as a checklist, the notes folded. */
function findingSections({ report, maxLength, link }: MarkdownContext): string[] {
  const body: string[] = [];
  // The same reason and message in many files is one item, with the list of its places.
  const groups = groupFindings(report.findings ?? []);
  const item = (g: FindingGroup) =>
    g.places.length === 1
      ? `${link(g.places[0]!.file, g.places[0]!.line)} \`${g.transform}/${g.reason}\`: ${inline(g.message)}`
      : `\`${g.transform}/${g.reason}\`: ${inline(g.message)} (${g.places.map((p) => link(p.file, p.line)).join(', ')})`;
  const toReview = groups.filter((g) => g.decision === 'review');
  if (toReview.length > 0) {
    body.push(`### Other review items (${toReview.length})`, '');
    body.push(
      ...fitLines(
        toReview.map((g) => `- [ ] ${item(g)}`),
        maxLength / 8,
      ),
      '',
    );
  }
  const notes = groups.filter((g) => g.decision === 'info');
  if (notes.length > 0)
    body.push(
      ...details(
        `Notes (${notes.length})`,
        fitLines(
          notes.map((g) => `- ${item(g)}`),
          maxLength / 16,
        ),
      ),
    );
  return body;
}

/** The rewritten sites, folded, each with its notes. */
function rewrittenSection({ report, maxLength, link, dry }: MarkdownContext): string[] {
  const rewritten = report.sites.filter((s) => s.decision === 'rewritten');
  if (rewritten.length === 0) return [];
  const rows = rewritten.map((s) => {
    // Notes as sub-items; for replay, the effects journaled as steps (they run once), linked, as code.
    const again: string[] = [];
    const other: string[] = [];
    for (const note of s.notes ?? []) {
      const rerun = /^journaled \(runs once, its result is replayed on later rounds\): (\S+):(\d+) (.*)$/.exec(note);
      if (rerun) again.push(`    - ${link(rerun[1]!, Number(rerun[2]))} ${codeSpan(rerun[3]!)}`);
      else other.push(`  - ${inline(note)}`);
    }
    const head = `- ${link(s.file, s.line)} ${s.kind} \`${s.form}\` in \`${s.chain[0]?.name ?? '?'}\`: ${s.strategy} strategy`;
    return [
      head,
      ...other,
      ...(again.length > 0
        ? ['  - effects journaled as steps (each runs once; later rounds replay its result):', ...again]
        : []),
    ].join('\n');
  });
  return details(
    `${dry ? 'Rewritten by the migration' : 'Rewritten'} (${rewritten.length})`,
    fitLines(rows, maxLength / 8),
  );
}

/** The skipped sites, folded. */
function skippedSection({ report, maxLength, link }: MarkdownContext): string[] {
  const skipped = report.sites.filter((s) => s.decision === 'skipped');
  if (skipped.length === 0) return [];
  const rows = skipped.map((s) => `- ${link(s.file, s.line)} ${s.kind} \`${s.form}\`: \`${s.transform}/${s.reason}\``);
  return details(`Skipped (${skipped.length})`, fitLines(rows, maxLength / 16));
}

/** The files not analysed: errors and skipped files with their problem. */
function filesSection({ report, maxLength }: MarkdownContext): string[] {
  const problems = report.files.filter((f) => f.problem);
  if (problems.length === 0) return [];
  const errors = problems.filter((f) => f.status === 'error');
  const rows = problems.map(
    (f) => `- ${f.status === 'error' ? '**error**' : 'skipped'} \`${f.problem!.kind}\`: ${inline(f.problem!.message)}`,
  );
  return [
    `### Files not analysed (${problems.length}: ${errors.length} with errors)`,
    '',
    ...fitLines(rows, maxLength / 16),
    '',
  ];
}

function groupByHandler(sites: Site[]): HandlerGroup[] {
  const groups = new Map<string, HandlerGroup>();
  for (const site of sites) {
    const entry = site.chain[0];
    const key = entry ? `${entry.file}:${entry.line}:${entry.name}` : '';
    const group = groups.get(key) ?? { entry, sites: [] };
    group.sites.push(site);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function reviewItem(
  site: Site,
  link: (file: string, line: number) => string,
  catalogues: readonly TransformCatalogue[],
): string {
  const reason = site.reason ?? 'unknown';
  const advice = adviceOf(catalogues, site.transform, reason);
  const via =
    site.chain.length > 1
      ? ` (via ${site.chain
          .slice(1)
          .map((f) => `\`${f.name}\``)
          .join(' → ')})`
      : '';
  const first = `- [ ] ${link(site.file, site.line)} ${site.kind} \`${site.form}\`${via}: [\`${site.transform}/${reason}\`](${reasonUrl(reason)}) ${inline(site.message ?? '')}`;
  return advice ? `${first}<br>\n  ${inline(advice)}` : first;
}

function nextSteps(report: Report): string[] {
  const t = report.totals;
  const lines = ['### Next steps', ''];
  if (t.sites === 0 && t.filesWithErrors === 0)
    return [...lines, 'Nothing to migrate: this code sends no push-style requests.', ''];
  let n = 0;
  const step = (text: string) => lines.push(`${++n}. ${text}`);
  if (t.filesWithErrors > 0) step('Fix the files with errors (listed above) and run the audit again.');
  if (report.mode === 'dry-run' && t.filesChanged > 0) {
    step('Run the migration on a clean git work tree (`npx mcp-mrtr-codemod .`) and review its diff.');
  }
  step(
    'Set `MCP_REQUEST_STATE_SECRET` (at least 32 random bytes, the same on every instance) wherever the server runs: ' +
      'migrated handlers that carry answers across rounds seal their `requestState` with it.',
  );
  step('Run your formatter on the changed files (or migrate with `--prettier`).');
  if (t.review > 0)
    step(
      'Work through the checklist above: `grep -rn @mcp-mrtr-review .` finds every marker; remove each once its site is migrated.',
    );
  return [...lines, ''];
}

function details(summary: string, rows: string[]): string[] {
  return ['<details>', `<summary>${escapeHtml(summary)}</summary>`, '', ...rows, '', '</details>', ''];
}

/** The first rows that fit in `budget` characters, plus a count of the rest. */
function fitLines(rows: string[], budget: number): string[] {
  const shown: string[] = [];
  let used = 0;
  for (const row of rows) {
    if (used + row.length + 1 > budget) break;
    used += row.length + 1;
    shown.push(row);
  }
  return shown.length < rows.length ? [...shown, `- _and ${rows.length - shown.length} more_`] : shown;
}

/** Code on one Markdown line, in a code span that its own backticks cannot close. */
function codeSpan(code: string): string {
  const text = code.replace(/\s+/g, ' ').trim();
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** Message text on one Markdown line: HTML-like text is escaped outside code spans, so `<reason-id>` shows as written. */
function inline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : escapeHtml(part)))
    .join('');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
