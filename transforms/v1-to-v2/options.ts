// The v1-to-v2 step's option (lib/transform.ts declares how options are declared): off in the library, on in the CLI
// unless `--no-v1-to-v2`.
import type { OptionDeclarations } from '../../lib/transform.js';

export interface V1ToV2Options {
  /**
   * Run the official `@modelcontextprotocol/codemod` v1-to-v2 migration first on files that use the v1 SDK, then
   * the MRTR transform on its output (one plan, one diff per file, one report), and fit package.json to the
   * packages the migrated code imports. Off by default in the library; on by default in the CLI (`--no-v1-to-v2`).
   * When off, v1 sites are reported for review.
   */
  v1ToV2?: boolean;
}

export const V1_TO_V2_OPTIONS: OptionDeclarations<V1ToV2Options> = {
  v1ToV2: {
    type: 'boolean',
    default: false,
    cli: {
      flag: '--no-v1-to-v2',
      help: 'do not run the official v1-to-v2 codemod first on files that use @modelcontextprotocol/sdk; their sites are reported for review',
    },
  },
};
