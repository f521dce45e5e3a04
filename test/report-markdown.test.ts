import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import type { Report, Site } from '../lib/model.js';
import { toMarkdown } from '../api/index.js';
import { REPO_ROOT } from './support/fixtures.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
}

function auditJson(example: string): Report {
  return JSON.parse(cli(['--dry-run', '--report', 'json', example]).stdout) as Report;
}

/** GitHub renders comments as GitHub Flavored Markdown; marked with `gfm` is the closest renderer at hand. */
function render(markdown: string): string {
  return marked.parse(markdown, { gfm: true, async: false });
}

describe('markdown report', () => {
  it('renders the bundled example as a PR comment: totals table, a checklist grouped by handler, next steps', () => {
    const run = cli(['--dry-run', '--report', 'markdown', 'examples/v2-notes-server']);
    expect(run.status).toBe(0);
    const report = auditJson('examples/v2-notes-server');
    const html = render(run.stdout);

    const table = /<table>[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    const rows = [...table.matchAll(/<tr>\s*<td>([^<]*)<\/td>\s*<td align="right">(\d+)<\/td>/g)].map((m) => [
      m[1],
      Number(m[2]),
    ]);
    expect(Object.fromEntries(rows)).toEqual({
      'push-style sites': report.totals.sites,
      'rewritten, explicit strategy': report.sites.filter((s) => s.strategy === 'explicit').length,
      'rewritten, replay strategy': report.sites.filter((s) => s.strategy === 'replay').length,
      review: report.totals.review,
      skipped: report.totals.skipped,
      'files that would change': report.totals.filesChanged,
      'files with errors': 0,
    });

    // One unchecked task-list item per review site, each linking its file:line relative to the repository.
    const checkboxes = html.match(/<li><input disabled="" type="checkbox">/g) ?? [];
    expect(checkboxes).toHaveLength(report.totals.review);
    for (const site of report.sites.filter((s) => s.decision === 'review')) {
      expect(html).toContain(
        `<a href="examples/v2-notes-server/${site.file}#L${site.line}">${site.file}:${site.line}</a>`,
      );
      expect(html).toContain(`<code>${site.transform}/${site.reason}</code>`);
    }
    // Grouped by handler: each handler's heading appears once, before its items.
    const handlers = [...new Set(report.sites.filter((s) => s.decision === 'review').map((s) => s.chain[0]!.name))];
    for (const name of handlers) expect(html.split(`<strong><code>${name}</code>`).length - 1, name).toBe(1);
    // The rewritten sites fold; nothing is left as raw Markdown syntax.
    expect(html).toMatch(/<details>\s*<summary>Rewritten by the migration \(\d+\)<\/summary>/);
    expect(html).not.toMatch(/\*\*|\]\(|^\s*- \[ \]/m);
    const steps = html.slice(html.indexOf('Next steps'));
    expect(steps).toContain('<code>MCP_REQUEST_STATE_SECRET</code>');
    expect(steps).toContain('formatter');
    expect(steps).toContain('<code>grep -rn @mcp-mrtr-review .</code>');
  });

  it('folds long lists per handler and stays under the comment size limit', () => {
    const report = auditJson('examples/v2-notes-server');
    const template = report.sites.find((s) => s.decision === 'review')!;
    const many: Site[] = [];
    for (let handler = 0; handler < 40; handler++) {
      for (let i = 0; i < 25; i++) {
        const entry = { ...template.chain[0]!, name: `tools/call tool_${handler}`, line: handler + 1 };
        many.push({
          ...template,
          id: `mrtr-${handler}-${i}`,
          line: 100 + i,
          chain: [entry, ...template.chain.slice(1)],
        });
      }
    }
    const big: Report = {
      ...report,
      sites: many,
      totals: { ...report.totals, sites: many.length, review: many.length, rewritten: 0 },
    };
    const markdown = toMarkdown(big, { maxLength: 20_000 });
    expect(markdown.length).toBeLessThanOrEqual(20_000);
    const html = render(markdown);
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const folded = `<summary><code>tools/call tool_0</code> ${template.chain[0]!.file}:1: 25 items (${template.reason})</summary>`;
    expect(html).toMatch(new RegExp(`<details>\\s*${escape(folded)}`));
    const listed = (html.match(/type="checkbox"/g) ?? []).length;
    expect(listed).toBeGreaterThan(10);
    expect(listed).toBeLessThan(many.length);
    expect(markdown).toContain(
      `_${many.length - listed} more review items not listed (comment size): see the SARIF or JSON report._`,
    );
    expect(markdown).toContain('### Next steps');
    // Every <details> is closed.
    expect(markdown.split('<details>').length).toBe(markdown.split('</details>').length);

    const small = toMarkdown(report);
    expect(small).not.toMatch(/<summary><code>/);
  });

  it('lists under each replayed site the effects journaled as steps, linked and as code', () => {
    const report = auditJson('__fixtures__/mrtr/rewrite-replay-journal-quote-book/input');
    const replayed = report.sites.filter((s) => s.strategy === 'replay');
    expect(replayed.length).toBeGreaterThan(0);
    const html = render(toMarkdown(report));
    for (const site of replayed) {
      const prefix = 'journaled (runs once, its result is replayed on later rounds): ';
      const steps = (site.notes ?? []).filter((n) => n.startsWith(prefix));
      expect(steps.length, site.file).toBeGreaterThan(0);
      // The site's item holds a nested list: the heading, then one linked item per statement, its code in a code span.
      const item =
        new RegExp(`<li><a href="${site.file}#L${site.line}">[\\s\\S]*?</ul>\\s*</li>\\s*</ul>`).exec(html)?.[0] ?? '';
      expect(item).toContain('effects journaled as steps (each runs once; later rounds replay its result):');
      for (const note of steps) {
        const [where, ...rest] = note.slice(prefix.length).split(' ');
        const [file, line] = where!.split(':');
        const escaped = rest
          .join(' ')
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;');
        expect(item).toContain(`<a href="${file}#L${line}">${where}</a> <code>${escaped}</code>`);
      }
    }
  });

  it('escapes HTML-like text in messages outside code spans', () => {
    const report = auditJson('examples/v2-notes-server');
    const site = {
      ...report.sites.find((s) => s.decision === 'review')!,
      message: 'calls <script>alert(1)</script> and `a<b>`',
    };
    const html = render(toMarkdown({ ...report, sites: [site] }));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<code>a&lt;b&gt;</code>');
  });

  it('is shown in docs/reports.md as the real report of the bundled example', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'reports.md'), 'utf8');
    const out = cli(['--dry-run', '--report', 'markdown', 'examples/v1-notes-server']).stdout;
    const sample = '````markdown\n' + out + '````\n';
    expect(readme.includes(sample), `docs/reports.md "## Markdown" sample must be exactly:\n${sample}`).toBe(true);
  });
});
