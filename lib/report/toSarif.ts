import { createHash } from 'node:crypto';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { Finding, Report, Site } from '../model.js';
import type { ReasonInfo, RewriteRule, TransformCatalogue } from '../transform.js';
import { README_URL, reasonUrl } from './links.js';
import { groupFindings, type FindingGroup } from './findingGroups.js';

export interface SarifOptions {
  /** Prepended to each report path: the root's path inside the repository (`examples/server/`), so code scanning finds the file. Default `''`. */
  pathPrefix?: string;
}

/** The base every artifact URI is relative to: the repository checkout (GitHub code scanning resolves it there). */
const SRCROOT = '%SRCROOT%';
const SCHEMA_URL = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * The report as SARIF 2.1.0 for code scanning: one rule per reason id of each transform's catalogue
 * (`<transform>/<reason-id>`, help text and a link to the README row) and one per transform that rewrites
 * (`mrtr/rewrite`); one result per review or skipped site (review at `warning`, skipped at `note`), one `note` per
 * site the migration rewrites (so that a scan run before the migration shows everything it will touch), and one
 * result per finding of the other steps (the v1-to-v2 step's markers, warnings and notes) at its own level.
 * `partialFingerprints` come from the site's stable id (a finding's: its transform, reason, file and message), so an
 * alert survives unrelated edits to its file.
 */
export function toSarif(report: Report, catalogues: readonly TransformCatalogue[], options: SarifOptions = {}): string {
  const prefix = options.pathPrefix ?? '';
  const rules: ReportingDescriptor[] = [];
  for (const catalogue of catalogues) {
    rules.push(...Object.entries(catalogue.reasons).map(([reason, info]) => reasonRule(catalogue.id, reason, info)));
    if (catalogue.rewriteRule) rules.push(rewriteRule(catalogue.id, catalogue.rewriteRule));
  }
  const findings = report.findings ?? [];
  // A reason this release's catalogues do not list (a report from another version) still gets a rule.
  for (const [id, text] of [
    ...report.sites.map((site) => [ruleOf(site), site.message] as const),
    ...findings.map((f) => [findingRuleOf(f), f.message] as const),
  ]) {
    if (!rules.some((r) => r.id === id))
      rules.push({ id, name: id, shortDescription: { text: text ?? id }, helpUri: README_URL });
  }
  const indexOf = (id: string) => rules.findIndex((r) => r.id === id);
  const ordinals = new Map<string, number>();
  const results: Result[] = [
    ...report.sites.map((site) => resultOf(site, prefix, indexOf(ruleOf(site)))),
    ...groupFindings(findings).map((group) => findingResultOf(group, prefix, indexOf(findingRuleOf(group)), ordinals)),
  ];
  const log: Log = {
    $schema: SCHEMA_URL,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            semanticVersion: report.tool.version,
            informationUri: README_URL,
            rules,
          },
        },
        automationDetails: { id: `${report.tool.name}/` },
        columnKind: 'utf16CodeUnits',
        results,
        properties: { mode: report.mode },
      },
    ],
  };
  for (const file of report.files) {
    if (file.status !== 'error' || !file.problem) continue;
    log.runs[0]!.invocations ??= [{ executionSuccessful: true, toolExecutionNotifications: [] }];
    log.runs[0]!.invocations[0]!.toolExecutionNotifications!.push({
      level: 'error',
      message: { text: file.problem.message },
      descriptor: { id: file.problem.kind },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: prefix + file.file, uriBaseId: SRCROOT },
            ...(file.problem.line
              ? {
                  region: {
                    startLine: file.problem.line,
                    ...(file.problem.column ? { startColumn: file.problem.column } : {}),
                  },
                }
              : {}),
          },
        },
      ],
    });
  }
  return JSON.stringify(log, null, 2) + '\n';
}

function rewriteRule(transform: string, rule: RewriteRule): ReportingDescriptor {
  const id = ruleIdOf(transform, 'rewrite');
  return {
    id,
    name: id,
    shortDescription: { text: rule.message },
    fullDescription: { text: rule.description },
    help: { text: rule.advice, markdown: rule.adviceMarkdown },
    helpUri: `${README_URL}#${rule.helpAnchor}`,
    defaultConfiguration: { level: 'note' },
    properties: { tags: ['mcp', transform, 'migration'] },
  };
}

function reasonRule(transform: string, reason: string, info: ReasonInfo): ReportingDescriptor {
  const id = ruleIdOf(transform, reason);
  return {
    id,
    name: id,
    shortDescription: { text: info.message },
    fullDescription: { text: info.message },
    help: { text: info.advice, markdown: `${info.advice}\n\n[${id} in the README](${reasonUrl(reason)})` },
    helpUri: reasonUrl(reason),
    defaultConfiguration: { level: info.level ?? 'warning' },
    properties: { tags: ['mcp', transform, 'migration'] },
  };
}

function ruleIdOf(transform: string, reason: string): string {
  return `${transform}/${reason}`;
}

function ruleOf(site: Site): string {
  return ruleIdOf(site.transform, site.decision === 'rewritten' ? 'rewrite' : (site.reason ?? 'unknown'));
}

function findingRuleOf(finding: Pick<Finding, 'transform' | 'reason'>): string {
  return ruleIdOf(finding.transform, finding.reason);
}

function resultOf(site: Site, prefix: string, ruleIndex: number): Result {
  const entry = site.chain[0];
  const where = entry ? ` (${entry.name})` : '';
  const text =
    site.decision === 'rewritten'
      ? `${site.kind} request \`${site.form}\`${where}: rewritten by the migration (${site.strategy} strategy).`
      : `${site.kind} request \`${site.form}\`${where}: ${site.message ?? site.reason}.`;
  return {
    ruleId: ruleOf(site),
    ruleIndex,
    level: site.decision === 'review' ? 'warning' : 'note',
    // A site silenced with @mcp-mrtr-ignore is a finding suppressed in the source, which code scanning shows as such.
    ...(site.reason === 'ignored'
      ? { suppressions: [{ kind: 'inSource' as const, justification: '@mcp-mrtr-ignore' }] }
      : {}),
    message: { text },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: prefix + site.file, uriBaseId: SRCROOT },
          region: { startLine: site.line, startColumn: site.column, snippet: { text: site.code } },
        },
      },
    ],
    // Site ids hash file, enclosing function and call text: stable across unrelated edits, as code scanning wants.
    partialFingerprints: { 'mrtrSiteId/v1': site.id },
    properties: { siteId: site.id, decision: site.decision, family: site.family, sdk: site.sdk, guards: site.guards },
  };
}

/**
 * One result per group of findings that say the same thing (lib/report/findingGroups.ts): a location for each place.
 */
function findingResultOf(
  group: FindingGroup,
  prefix: string,
  ruleIndex: number,
  ordinals: Map<string, number>,
): Result {
  // Lines move with unrelated edits; the transform, reason, file (or that it is in many) and message, and an ordinal
  // among equals, do not.
  const where = group.places.length === 1 ? group.places[0]!.file : '*';
  const base = `${group.transform}|${group.reason}|${where}|${group.message}`;
  const ordinal = (ordinals.get(base) ?? 0) + 1;
  ordinals.set(base, ordinal);
  const id = `${group.transform}-${createHash('sha1').update(`${base}|${ordinal}`).digest('hex').slice(0, 12)}`;
  return {
    ruleId: findingRuleOf(group),
    ruleIndex,
    level: group.level === 'info' ? 'note' : group.level,
    message: { text: group.message },
    locations: group.places.map((place) => ({
      physicalLocation: {
        artifactLocation: { uri: prefix + place.file, uriBaseId: SRCROOT },
        region: { startLine: place.line },
      },
    })),
    partialFingerprints: { 'mrtrFindingId/v1': id },
    properties: { findingId: id, decision: group.decision },
  };
}
