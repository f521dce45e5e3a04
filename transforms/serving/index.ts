// The serving transform as the runner sees it (lib/transform.ts): a pre-step that serves v2 code's stdio entries
// through serveStdio (2026-era and 2025-era clients alike), and a finish that reports what it did. The same rewrite
// serves the v1 step's outputs when that step runs (transforms/v1-to-v2/engine/finishCodemod.ts). Light to import:
// the compiler loads when the pre-step has an entry to serve.
import type { Transform } from '../../lib/transform.js';
import { V1_TO_V2_OPTIONS, type V1ToV2Options } from '../v1-to-v2/options.js';
import { SERVING_ID } from './ids.js';
import { finishServing, SERVING_STEP } from './step.js';

export const serving: Transform<V1ToV2Options> = {
  id: SERVING_ID,
  // Its findings are named under the v1 step's id and listed in that catalogue (reasons.ts says why).
  reasons: {},
  // It stands aside when the v1 step runs (that step serves in its own pass): the v1 step's switch, one flag.
  options: V1_TO_V2_OPTIONS,
  // Its inputs (v2StdioInputs) and the callers it reads name an SDK package or read again from disk.
  readsText: (text) => text.includes('@modelcontextprotocol/'),
  preStep: SERVING_STEP,
  finish: (_root, _finalTexts, output) => finishServing(output),
};
