import type { ReasonId } from '../reasons.js';

/** A planner's no: why its strategy does not take the site, and what it found (e.g. the local that cannot travel in requestState). */
export interface Review {
  kind: 'review';
  reason: ReasonId;
  /** Appended to the reason's message in the report and the marker. */
  detail?: string;
}
