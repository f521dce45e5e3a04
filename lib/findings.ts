// The one way a transform makes a finding: from its own reason catalogue, so that the decision and the level a
// report shows are the ones the catalogue (and so the README and the SARIF rules) states for that reason.
import type { Finding } from './model.js';
import type { TransformCatalogue } from './transform.js';

/** Where a finding points: a file (as the report names it) and a 1-based line of the user's text. */
export interface FindingPlace {
  file: string;
  line: number;
}

/**
 * A finding of `catalogue`'s reason `reason` at `place`. The catalogue's level decides the rest: a `note` is an
 * `info` finding for the record; an `error` or a `warning` (the default) is a `review` finding, work for a person.
 * A reason the catalogue does not hold is a bug of the transform, so it throws.
 */
export function findingOf(catalogue: TransformCatalogue, reason: string, place: FindingPlace, message: string): Finding {
  const entry = catalogue.reasons[reason];
  if (!entry) throw new Error(`${catalogue.id}: no reason '${reason}' in its catalogue`);
  const level = entry.level ?? 'warning';
  return {
    transform: catalogue.id,
    reason,
    decision: level === 'note' ? 'info' : 'review',
    level: level === 'note' ? 'info' : level,
    file: place.file,
    line: place.line,
    message,
  };
}
