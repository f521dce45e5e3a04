import type { Finding } from '../../../lib/model.js';

/** What a repair gives back: the file's text after it, and its findings (lines in that text). */
export interface RepairOutcome {
  text: string;
  findings: Finding[];
}
