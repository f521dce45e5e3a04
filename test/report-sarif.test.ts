import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import type { Log, Result } from 'sarif';
import { afterEach, describe, expect, it } from 'vitest';
import { TRANSFORMS } from '../transforms/index.js';
import { REPO_ROOT } from './support/fixtures.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
// The official SARIF 2.1.0 schema (OASIS, errata 01 / rtm.5), as shipped by Microsoft's @microsoft/jest-sarif.
const SARIF_SCHEMA = JSON.parse(
  fs.readFileSync(
    path.join(REPO_ROOT, 'node_modules', '@microsoft', 'jest-sarif', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json'),
    'utf8',
  ),
);
const temps: string[] = [];

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function sarifOf(target: string, cwd = REPO_ROOT): Log {
  const run = spawnSync(process.execPath, [CLI, '--dry-run', '--report', 'sarif', target], { cwd, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Log;
}

function validate(log: unknown) {
  // The schema's `language` pattern is not valid as a unicode regular expression; formats are checked below by hand.
  // CommonJS under NodeNext: the class is the module's `default` property.
  const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false, validateFormats: false });
  const check = ajv.compile(SARIF_SCHEMA);
  return { valid: check(log), errors: check.errors };
}

describe('sarif report', () => {
  for (const example of ['examples/v1-notes-server', 'examples/v2-notes-server']) {
    it(`is valid SARIF 2.1.0 for ${example}, with code-scanning's required fields`, () => {
      const log = sarifOf(example);
      const { valid, errors } = validate(log);
      expect(errors ?? [], JSON.stringify(errors)).toEqual([]);
      expect(valid).toBe(true);
      expect(log.version).toBe('2.1.0');
      const run = log.runs[0]!;
      const report = JSON.parse(
        spawnSync(process.execPath, [CLI, '--dry-run', '--report', 'json', example], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
        }).stdout,
      );
      const rules = run.tool.driver.rules!;
      // One rule per reason id of each transform, plus the rule for sites the migration rewrites.
      expect(rules.map((r) => r.id)).toEqual(
        TRANSFORMS.flatMap((t) => [
          ...Object.keys(t.reasons).map((id) => `${t.id}/${id}`),
          ...(t.rewriteRule ? [`${t.id}/rewrite`] : []),
        ]),
      );
      for (const rule of rules) {
        expect(rule.shortDescription?.text).toBeTruthy();
        expect(rule.help?.text).toBeTruthy();
        expect(new URL(rule.helpUri!).protocol).toBe('https:');
      }
      // Every site, then every finding of the v1 step (there are some for the v1 example).
      const findings: Array<{
        transform: string;
        reason: string;
        level: string;
        file: string;
        line: number;
        message: string;
      }> = report.findings ?? [];
      expect(findings.length > 0).toBe(example.includes('v1'));
      // Findings that say the same thing (reason and message) in many files are one result with a location each.
      const said = new Set(findings.map((f) => `${f.transform}/${f.reason}: ${f.message}`));
      expect(run.results).toHaveLength(report.sites.length + said.size);
      const findingResults = run.results!.slice(report.sites.length);
      for (const finding of findings) {
        const matching = findingResults.filter(
          (r) => r.ruleId === `${finding.transform}/${finding.reason}` && r.message.text === finding.message,
        );
        expect(matching).toHaveLength(1);
        const result = matching[0]!;
        expect(rules[result.ruleIndex!]!.id).toBe(result.ruleId);
        expect(result.level).toBe(finding.level === 'info' ? 'note' : finding.level);
        const places = result.locations!.map((l) => [
          l.physicalLocation!.artifactLocation!.uri,
          l.physicalLocation!.region!.startLine,
        ]);
        expect(places).toContainEqual([`${example}/${finding.file}`, finding.line]);
        expect(result.partialFingerprints!['mrtrFindingId/v1']).toMatch(/^v1-to-v2-[0-9a-f]{12}$/);
      }
      expect(findingResults.flatMap((r) => r.locations!)).toHaveLength(findings.length);
      for (const [i, result] of run.results!.slice(0, report.sites.length).entries()) {
        const site = report.sites[i];
        expect(result.ruleId).toBe(site.decision === 'rewritten' ? 'mrtr/rewrite' : `mrtr/${site.reason}`);
        expect(rules[result.ruleIndex!]!.id).toBe(result.ruleId);
        expect(result.level).toBe(site.decision === 'review' ? 'warning' : 'note');
        expect(result.message.text).toBeTruthy();
        const location = result.locations![0]!.physicalLocation!;
        // Relative to the repository root, so that code scanning finds the file.
        expect(location.artifactLocation!.uri).toBe(`${example}/${site.file}`);
        expect(location.artifactLocation!.uriBaseId).toBe('%SRCROOT%');
        expect(fs.existsSync(path.join(REPO_ROOT, location.artifactLocation!.uri!))).toBe(true);
        expect(location.region).toMatchObject({ startLine: site.line, startColumn: site.column });
        expect(result.partialFingerprints!['mrtrSiteId/v1']).toBe(site.id);
      }
    });
  }

  it('links each rule to its README row', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const rules = sarifOf('examples/v1-notes-server').runs[0]!.tool.driver.rules!;
    for (const rule of rules) {
      const anchor = new URL(rule.helpUri!).hash.slice(1);
      // `reason-<id>` rows carry explicit anchors; `the-explicit-rewrite` is GitHub's anchor of that heading.
      const found =
        readme.includes(`<a id="${anchor}"></a>`) ||
        (readme.includes('### The explicit rewrite') && anchor === 'the-explicit-rewrite');
      expect(found, `${rule.id} -> #${anchor}`).toBe(true);
    }
  });

  it('keeps fingerprints stable when unrelated lines move', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-sarif-'));
    temps.push(dir);
    fs.cpSync(path.join(REPO_ROOT, 'examples', 'v1-notes-server'), dir, { recursive: true });
    const fingerprints = (log: Log) =>
      log.runs[0]!.results!.map((r: Result) => `${r.ruleId} ${r.partialFingerprints!['mrtrSiteId/v1']}`);
    const lines = (log: Log) =>
      log.runs[0]!.results!.map((r: Result) => r.locations![0]!.physicalLocation!.region!.startLine);
    const before = sarifOf(dir);
    const tools = path.join(dir, 'src', 'tools.ts');
    fs.writeFileSync(tools, '// an unrelated comment\n// and another one\n' + fs.readFileSync(tools, 'utf8'));
    const after = sarifOf(dir);
    expect(fingerprints(after)).toEqual(fingerprints(before));
    expect(lines(after)).not.toEqual(lines(before));
    // Outside git the paths are relative to the audited folder.
    expect(after.runs[0]!.results![0]!.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe(
      'src/helpers/confirm.ts',
    );
  });

  it('is shown in docs/reports.md, abridged, as the real report of the bundled example', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'reports.md'), 'utf8');
    const log = sarifOf('examples/v1-notes-server');
    const run = log.runs[0]!;
    const first = run.results![0]!;
    const abridged = {
      ...log,
      runs: [
        {
          ...run,
          tool: { driver: { ...run.tool.driver, rules: [run.tool.driver.rules![first.ruleIndex!]] } },
          results: [first],
        },
      ],
    };
    const sample = '```json\n' + JSON.stringify(abridged, null, 2) + '\n```\n';
    expect(readme.includes(sample), `docs/reports.md "## SARIF" sample must be exactly:\n${sample}`).toBe(true);
  });
});
