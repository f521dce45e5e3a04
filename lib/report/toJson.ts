import type { Report } from '../model.js';

/** The JSON report: the report model as is (`schemaVersion` 1), stable key order, two-space indent. */
export function toJson(report: Report): string {
  return JSON.stringify(report, null, 2) + '\n';
}
