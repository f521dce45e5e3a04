export { audit, migrate, UsageError, type AuditOptions } from './runner.js';
export { toText, type TextOptions } from './report/toText.js';
export { toJson } from './report/toJson.js';
export type { Decision, Family, FileReport, FileStatus, Frame, Report, SdkMajor, Site, SiteKind, Totals } from './model.js';
export { REPORT_SCHEMA_VERSION } from './model.js';
export { REASONS, type ReasonId } from '../transforms/mrtr/reasons.js';
