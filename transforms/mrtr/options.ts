// The MRTR transform's options (lib/transform.ts declares how options are declared): the library accepts them by
// these names (`AuditOptions.strategy`), the CLI's flags and their help come from here, and the planner is given
// their values, defaults applied and the runtime folder resolved against the target root.
import type { OptionDeclarations } from '../../lib/transform.js';

/** How sites choose a strategy: `auto` uses replay where the explicit form does not apply. */
export type Strategy = 'auto' | 'explicit' | 'replay';

export interface MrtrOptions {
  /**
   * How MRTR-capable sites are rewritten: `auto` (the default: explicit where it is provably equivalent, replay
   * otherwise), `explicit` (the write-once form and step functions only; asks in helpers are left for review) or
   * `replay` (every site that replay can take).
   */
  strategy?: Strategy;
  /**
   * Where the runtime module goes (`mcp-mrtr-runtime.{ts,js,mjs,cjs}`: replay's asks, and the requestState codec of
   * step functions and replay), relative to the target
   * root (the folder report paths are relative to); every file that uses it imports it from there. Default: beside
   * the file that constructs the server. The planner is given it absolute.
   */
  runtimeDir?: string;
}

export const MRTR_OPTIONS: OptionDeclarations<MrtrOptions> = {
  strategy: {
    type: 'choice',
    choices: ['auto', 'explicit', 'replay'],
    default: 'auto',
    cli: {
      flag: '--strategy <kind>',
      help: 'how asks are rewritten: explicit (in the handler: write-once form or step functions), auto (explicit where it applies, else replay: asks keep their place in helpers), replay (every ask replay can take)',
    },
  },
  runtimeDir: {
    type: 'folder',
    cli: {
      flag: '--runtime-dir <dir>',
      help: "write the runtime module (mcp-mrtr-runtime: replay's asks, the requestState codec of step functions and replay) into this folder, relative to the target root (default: beside the file that constructs the server)",
    },
  },
};
