// Tools, prompts or resources registered when the client's `notifications/initialized` arrives
// (`server.server.oninitialized = () => registerConditionalTools(server)`, the everything server's shape): a
// 2026-07-28 client sends no initialize, so they are never registered for it and it does not list them (the
// everything server lists 12 of its 16 tools in the 2026 era). The registrations depend on what the client declared,
// which has no single answer per connection in that era, so there is no rewrite: a review item says what happens (and
// the serving rewrite keeps the entry of such a server on 2025-era serving: serving/initializeRegistrations.ts).
import type { Finding } from '../../../lib/model.js';
import { initializeRegistrations } from '../../serving/initializeRegistrations.js';
import { v1ToV2Finding } from '../reasons.js';

/** One review finding per `oninitialized` handler that registers something, directly or through a `register*(server)` call. */
export function findInitializeRegistrations(file: string, text: string): Finding[] {
  return initializeRegistrations(file, text).map(({ line, call }) =>
    v1ToV2Finding(
      'registered-at-initialize',
      file,
      line,
      `\`${call}\` runs in oninitialized: a 2026-era client sends no initialize, so what it registers is not listed to it`,
    ),
  );
}
