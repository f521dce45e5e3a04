import { findingOf } from '../../lib/findings.js';
import type { Finding } from '../../lib/model.js';
import type { ReasonCatalogue } from '../../lib/transform.js';
import { FINDINGS_TRANSFORM } from './constants.js';

// The reason catalogue of the serving rewrite. Its findings are named under the v1 step's id (FINDINGS_TRANSFORM,
// constants.ts), so these entries are listed in that step's catalogue (transforms/v1-to-v2/reasons.ts), in the
// README's v1-to-v2 reason table, and not again in this transform's own (two catalogues may not share a reason id).
export const SERVING_REASONS = {
  'serving-2025-only': {
    message:
      'this connect of a server transport serves 2025-era clients only, and the step could not rewrite it safely (or kept it so: the server registers tools in `oninitialized`, which 2026-era clients never send)',
    advice:
      'Serve 2026-era clients through a factory as the marker says (`serveStdio(() => build())`, or `createMcpHandler(build)` behind an `isLegacyRequest` branch), then delete the marker.',
  },
  'served-by-serve-stdio': {
    message:
      'the stdio entry now serves through serveStdio with a server per connection, for 2026-era and 2025-era clients',
    advice: 'Nothing to do; review the change in the diff.',
    level: 'note',
  },
  'served-by-mcp-handler': {
    message:
      "the HTTP route now serves 2026-era requests through createMcpHandler; 2025-era requests keep the route's own code",
    advice:
      'Nothing to do; review the change in the diff, and that the checks above the route still run for both eras.',
    level: 'note',
  },
} satisfies ReasonCatalogue;

export type ServingReasonId = keyof typeof SERVING_REASONS;

/** A finding of the serving rewrite, made from its catalogue (lib/findings.ts), at a line of the text it was given. */
export function servingFinding(reason: ServingReasonId, file: string, line: number, message: string): Finding {
  return findingOf({ id: FINDINGS_TRANSFORM, reasons: SERVING_REASONS }, reason, { file, line }, message);
}
