// The registry: every transform this tool runs, in run order. The package entries (`api/`, `bin/`) hand it to lib's
// runner and report renderers, which know transforms only through the contract in lib/transform.ts.
// Importing it loads no compiler: each transform's heavy modules load when a run needs them.
import type { Transform } from '../lib/transform.js';
import { mrtr, type MrtrOptions } from './mrtr/index.js';
import { serving } from './serving/index.js';
import { typecheck, type TypecheckOptions } from './typecheck/index.js';
import { v1ToV2, type V1ToV2Options } from './v1-to-v2/index.js';

/**
 * The v1-to-v2 step first (its output is what MRTR analyses), then serving (v2 code's stdio entries, when the v1 step
 * does not run: that step serves them in its own pass), then the MRTR transform, then the type check of the result
 * (a verify step: it plans nothing).
 */
export const TRANSFORMS: readonly Transform[] = [v1ToV2, serving, mrtr, typecheck];

/**
 * Every registered transform's options, as the library accepts them (each declared in its transform's `options`;
 * serving reads the v1 step's switch, declared by that step).
 */
export interface TransformOptions extends V1ToV2Options, MrtrOptions, TypecheckOptions {}
