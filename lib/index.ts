export { audit, migrate, UsageError, type AuditOptions, type ProgressPhase } from './runner.js';
export { toText, type TextOptions } from './report/toText.js';
export { toJson } from './report/toJson.js';
export { toMarkdown, type MarkdownOptions } from './report/toMarkdown.js';
export { toSarif, type SarifOptions } from './report/toSarif.js';
export { decideFailure, FAIL_ON_CHOICES, type FailOn, type FailVerdict } from './failOn.js';
export type { Decision, Family, FileReport, FileStatus, Frame, Report, SdkMajor, Site, SiteKind, Totals } from './model.js';
export { REPORT_SCHEMA_VERSION } from './model.js';
export { REASONS, type ReasonId } from '../transforms/mrtr/reasons.js';
