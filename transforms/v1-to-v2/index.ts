// The v1-to-v2 transform as the runner sees it (lib/transform.ts): a pre-step that runs the official
// @modelcontextprotocol/codemod on the files naming the v1 SDK, and a finish that reports the markers left in the
// final texts and fits package.json. Light to import: the codemod and the compiler load in the step's worker.
import type { Transform } from '../../lib/transform.js';
import { mayHoldMarkers } from './engine/findCodemodMarkers.js';
import { V1_TO_V2_ID } from './ids.js';
import { V1_TO_V2_OPTIONS, type V1ToV2Options } from './options.js';
import { REASONS } from './reasons.js';
import { finishStep, V1_TO_V2_STEP } from './step.js';

export type { V1ToV2Options } from './options.js';

export const v1ToV2: Transform<V1ToV2Options> = {
  id: V1_TO_V2_ID,
  reasons: REASONS,
  options: V1_TO_V2_OPTIONS,
  // The step's inputs (v1StepInputs: the SDK, zod-to-json-schema, zod's record) and what its finish scans: markers,
  // and the packages the final code imports (importedPackages: the SDK's, zod). No planner: the files naming the v1
  // SDK (mentionsV1Sdk) are among these.
  readsText: (text) => text.includes('@modelcontextprotocol/') || text.includes('zod') || mayHoldMarkers(text),
  preStep: V1_TO_V2_STEP,
  finish: finishStep,
};
