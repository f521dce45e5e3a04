import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { Report, Site } from '../model.js';
import { REASONS } from '../../transforms/mrtr/reasons.js';
import { README_URL, reasonUrl } from './links.js';

export interface SarifOptions {
  /** Prepended to each report path: the root's path inside the repository (`examples/server/`), so code scanning finds the file. Default `''`. */
  pathPrefix?: string;
}

/** The base every artifact URI is relative to: the repository checkout (GitHub code scanning resolves it there). */
const SRCROOT = '%SRCROOT%';
const SCHEMA_URL = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * The report as SARIF 2.1.0 for code scanning: one rule per reason id (`mrtr/<reason-id>`, help text and a link to
 * the README row), one result per review or skipped site (review at `warning`, skipped at `note`) and one `note`
 * per site the migration rewrites, so that a scan run before the migration shows everything it will touch.
 * `partialFingerprints` come from the site's stable id, so an alert survives unrelated edits to its file.
 */
export function toSarif(report: Report, options: SarifOptions = {}): string {
  const prefix = options.pathPrefix ?? '';
  const rules: ReportingDescriptor[] = [...Object.entries(REASONS).map(([reason, info]) => reasonRule('mrtr', reason, info)), REWRITE_RULE];
  for (const site of report.sites) {
    // A reason this release's catalogue does not list (a report from another version) still gets a rule.
    const id = ruleOf(site);
    if (!rules.some((r) => r.id === id)) {
      rules.push({ id, name: id, shortDescription: { text: site.message ?? id }, helpUri: README_URL });
    }
  }
  const results: Result[] = report.sites.map((site) => resultOf(site, prefix, rules.findIndex((r) => r.id === ruleOf(site))));
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
      locations: [{ physicalLocation: { artifactLocation: { uri: prefix + file.file, uriBaseId: SRCROOT }, ...(file.problem.line ? { region: { startLine: file.problem.line, ...(file.problem.column ? { startColumn: file.problem.column } : {}) } } : {}) } }],
    });
  }
  return JSON.stringify(log, null, 2) + '\n';
}

const REWRITE_RULE: ReportingDescriptor = {
  id: 'mrtr/rewrite',
  name: 'mrtr/rewrite',
  shortDescription: { text: 'push-style request the migration rewrites to MRTR (inputRequired / inputResponse)' },
  fullDescription: {
    text: 'A push-style server->client request in an MRTR-capable handler that the migration rewrites: into the explicit MRTR form (write-once or step functions) or, for asks in helpers and other shapes, by replay (the ask keeps its place).',
  },
  help: {
    text: 'Run the migration (npx mcp-mrtr-codemod .) and review its diff; the rewrite keeps every branch and the old validation. For replay, check that the statements the report lists as running again on each round are safe to repeat.',
    markdown:
      'Run the migration (`npx mcp-mrtr-codemod .`) and review its diff; the rewrite keeps every branch and the old validation. For replay, check that the statements the report lists as running again on each round are safe to repeat.',
  },
  helpUri: `${README_URL}#the-explicit-rewrite`,
  defaultConfiguration: { level: 'note' },
  properties: { tags: ['mcp', 'mrtr', 'migration'] },
};

function reasonRule(transform: string, reason: string, info: { message: string; advice: string }): ReportingDescriptor {
  const id = ruleIdOf(transform, reason);
  return {
    id,
    name: id,
    shortDescription: { text: info.message },
    fullDescription: { text: info.message },
    help: { text: info.advice, markdown: `${info.advice}\n\n[${id} in the README](${reasonUrl(reason)})` },
    helpUri: reasonUrl(reason),
    defaultConfiguration: { level: reason === 'ignored' ? 'note' : 'warning' },
    properties: { tags: ['mcp', 'mrtr', 'migration'] },
  };
}

function ruleIdOf(transform: string, reason: string): string {
  return `${transform}/${reason}`;
}

function ruleOf(site: Site): string {
  return site.decision === 'rewritten' ? REWRITE_RULE.id! : ruleIdOf(site.transform, site.reason ?? 'unknown');
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
    ...(site.reason === 'ignored' ? { suppressions: [{ kind: 'inSource' as const, justification: '@mcp-mrtr-ignore' }] } : {}),
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
