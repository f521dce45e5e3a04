import { findingOf } from '../../lib/findings.js';
import type { Finding } from '../../lib/model.js';
import type { ReasonCatalogue } from '../../lib/transform.js';
import { SERVING_REASONS } from '../serving/reasons.js';
import { V1_TO_V2_ID } from './ids.js';

// The reason catalogue of the v1 step: every reason id its findings carry (`v1-to-v2/<reason-id>`). The README's
// reason table lists each one with this message and advice (test/readme.test.ts). The serving rewrite's reasons are
// the serving transform's (transforms/serving/reasons.ts), listed here in their places: its findings carry this name.
export const REASONS = {
  'codemod-error-marker': {
    message: 'the official v1-to-v2 codemod marked code it recognised but left unchanged (`@mcp-codemod-error`)',
    advice:
      'Migrate the marked code to the v2 SDK by hand as the marker says, then delete the marker; a later run lists it until it is gone.',
    level: 'error',
  },
  'codemod-warning': {
    message: 'a warning of the official v1-to-v2 codemod about code it changed',
    advice:
      'Read the changed code in the diff and check it against the warning; fix it by hand where the codemod guessed wrong.',
  },
  'codemod-info': {
    message: 'a note of the official v1-to-v2 codemod about a change it made (shown with --verbose)',
    advice: 'Nothing to do; review the change in the diff.',
    level: 'note',
  },
  'manifest-warning': {
    message: 'the official v1-to-v2 codemod warned about a dependency range in package.json',
    advice: 'Check the named dependency range by hand and set the version the migrated code needs.',
  },
  'manifest-unreadable': {
    message: 'package.json is not valid JSON, so its dependencies were left unchanged',
    advice: 'Fix the JSON, then run the tool again so that the v2 packages the migrated code imports are added.',
    level: 'error',
  },
  'zod-raised': {
    message: 'the zod range was raised to ^4.2.0: the v2 SDK needs zod >= 4.2',
    advice: 'Check the zod 3 APIs this code uses against the zod 4 changelog, and run the tests.',
  },
  'import-restored': {
    message:
      'the official v1-to-v2 codemod removed an import the code still uses; it is back, from the v2 package that exports the name',
    advice: 'Nothing to do; review the import in the diff.',
    level: 'note',
  },
  'import-kept-on-v1': {
    message:
      'the official v1-to-v2 codemod removed an import the code still uses, and no v2 package exports the name; its v1 import is back, so the server still starts',
    advice:
      "Replace the named v1 API (the codemod's marker or warning says what became of it) or remove its use, then delete the import; `@modelcontextprotocol/sdk` stays in package.json until no file imports it.",
  },
  'import-removed-in-use': {
    message:
      'the official v1-to-v2 codemod removed an import the code still uses; no v2 package exports the name and package.json does not list the v1 SDK, so the name is undefined',
    advice:
      "Remove the use of the named v1 API or replace it (the codemod's marker or warning says what became of it); until then the migrated module fails when it loads.",
    level: 'error',
  },
  'context-member-mapped': {
    message:
      'a v1 handler-context member the official codemod left on a handler context (`context.sendRequest`, or destructured: `{ sendRequest }`) now has its v2 path (`context.mcpReq.send`, `{ mcpReq: { send: sendRequest } }`)',
    advice: 'Nothing to do; review the change in the diff.',
    level: 'note',
  },
  'context-member-unmapped': {
    message: 'a v1 handler-context member with no v2 ServerContext spelling is still read on a handler context',
    advice:
      'Rewrite it by hand: `requestInfo` becomes `ctx.http?.req` (a fetch Request: read headers with `.headers.get(name)`); the task members (`taskStore`, `taskId`, `taskRequestedTtl`) went with experimental tasks (SEP-2663).',
  },
  'zod-to-json-schema-rewritten': {
    message:
      "zod was raised to 4, where zod-to-json-schema returns a schema without `type`; this `zodToJsonSchema(schema)` is now zod 4's `z.toJSONSchema(schema, { target: 'draft-7' })`",
    advice: 'Nothing to do; review the change in the diff and list the tools once with a client.',
    level: 'note',
  },
  'zod-to-json-schema-kept': {
    message:
      'zod was raised to 4, where zod-to-json-schema returns a schema without `type` (clients reject such a tools/list), and this use could not be rewritten',
    advice:
      "Convert with zod 4's `z.toJSONSchema(schema, { target: 'draft-7' })` by hand (options: zod 4's `target`, `io`, `reused`, `cycles`), then remove zod-to-json-schema; or keep zod 3 for this code (`import { z } from 'zod/v3'`) where the schemas are built.",
  },
  'zod-to-json-schema-kept-for-v3': {
    message:
      "zod was raised to 4 and zodToJsonSchema kept: the schema is built with `zod/v3` (zod 3's API, which zod 4 ships), which zod 4's converter cannot read and zod-to-json-schema converts as before",
    advice:
      "Nothing to do now; when the schemas move to zod 4 (`import { z } from 'zod'`), convert them with `z.toJSONSchema(schema, { target: 'draft-7' })` in the same change.",
    level: 'note',
  },
  'import-type-moved': {
    message:
      'a type written as an import expression on the v1 package (`import("@modelcontextprotocol/sdk/server/index.js").Server`), which the official codemod leaves, now names the v2 package its module moved to',
    advice: 'Nothing to do; review the change in the diff.',
    level: 'note',
  },
  'zod-record-key-added': {
    message:
      "zod was raised to 4, where a record needs its key schema; this one-argument `z.record(value)` (zod 3's string-keyed record) is now `z.record(z.string(), value)`",
    advice: 'Nothing to do: the schema and its JSON Schema are the same; review the change in the diff.',
    level: 'note',
  },
  'serving-2025-only': SERVING_REASONS['serving-2025-only'],
  'registered-at-initialize': {
    message:
      'tools, prompts or resources are registered in oninitialized: a 2026-era client sends no initialize, so they are never registered for it and it does not list them',
    advice:
      "Register them where the server is built, so every era lists them; where a tool needs a client capability (roots, elicitation, sampling), keep it registered and check the capability when it is called (the 2025-era `server.getClientCapabilities()`, or the request's `_meta` client capabilities in 2026-07-28), answering with an error that says what is missing.",
    level: 'warning',
  },
  'served-by-serve-stdio': SERVING_REASONS['served-by-serve-stdio'],
  'served-by-mcp-handler': SERVING_REASONS['served-by-mcp-handler'],
} satisfies ReasonCatalogue;

export type V1ToV2ReasonId = keyof typeof REASONS;

/**
 * The step's finding of reason `reason` at `line` of `file` (a line of the user's text): its decision and level are
 * the catalogue's (lib/findings.ts); `louder` keeps the official codemod's `error` diagnostics at `error`.
 */
export function v1ToV2Finding(
  reason: V1ToV2ReasonId,
  file: string,
  line: number,
  message: string,
  louder?: 'error',
): Finding {
  return findingOf({ id: V1_TO_V2_ID, reasons: REASONS }, reason, { file, line }, message, louder);
}
