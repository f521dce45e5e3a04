// The library (package.json `main`): lib's runner and report renderers bound to the registry of transforms.
import { type RunOptions, run } from '../lib/runner.js';
import type { PlannedTexts } from '../lib/apply.js';
import type { Report } from '../lib/model.js';
import { toMarkdown as renderMarkdown, type MarkdownOptions } from '../lib/report/toMarkdown.js';
import { toSarif as renderSarif, type SarifOptions } from '../lib/report/toSarif.js';
import { TRANSFORMS, type TransformOptions } from '../transforms/index.js';

export { UsageError, type ProgressPhase } from '../lib/runner.js';
export { toText, type TextOptions } from '../lib/report/toText.js';
export { toJson } from '../lib/report/toJson.js';
export { decideFailure, FAIL_ON_CHOICES, type FailOn, type FailVerdict } from '../lib/failOn.js';
export type {
  Decision,
  Family,
  FileReport,
  FileStatus,
  Finding,
  Frame,
  Report,
  SdkMajor,
  Site,
  SiteKind,
  Totals,
} from '../lib/model.js';
export { REPORT_SCHEMA_VERSION } from '../lib/model.js';
export type { ReasonCatalogue, ReasonInfo, Transform } from '../lib/transform.js';
export type { MarkdownOptions, SarifOptions };
export { REASONS, type ReasonId } from '../transforms/mrtr/reasons.js';
export { TRANSFORMS };

/**
 * A run's options: the runner's own (paths, filters, tsconfig, diff, prettier, tests, progress) and every registered
 * transform's (`v1ToV2`, `strategy`, `runtimeDir`, `typecheck`), each documented where its transform declares it.
 */
export interface AuditOptions extends RunOptions, TransformOptions {}

/** The dry run: discover, prefilter, parse, detect, classify, plan. Returns the report with every planned change; writes nothing. */
export async function audit(options: AuditOptions): Promise<Report> {
  return run(TRANSFORMS, options, 'dry-run');
}

/** The migration: the same plan as `audit`, applied in place, each file atomically. */
export async function migrate(options: AuditOptions): Promise<Report> {
  return run(TRANSFORMS, options, 'migrate');
}

/** The dry run plus the planned text of every file it would change (for entries that hand back file texts, like jscodeshift). */
export async function auditWithTexts(options: AuditOptions): Promise<{ report: Report; texts: PlannedTexts }> {
  const texts: PlannedTexts = new Map();
  const report = await run(TRANSFORMS, options, 'dry-run', texts);
  return { report, texts };
}

/** The report as a pull-request comment, with the advice of every registered transform's reason ids. */
export function toMarkdown(report: Report, options: MarkdownOptions = {}): string {
  return renderMarkdown(report, TRANSFORMS, options);
}

/** The report as SARIF 2.1.0, with a rule for every registered transform's reason ids. */
export function toSarif(report: Report, options: SarifOptions = {}): string {
  return renderSarif(report, TRANSFORMS, options);
}
