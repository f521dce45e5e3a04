// The serving transform's pre-step: v2 code's stdio entries served through serveStdio before the MRTR analysis reads
// them (its plan works on the served text). When the run has the v1 step, that step serves them in its own pass, with
// its outputs in view (a v2 entry may import a server a v1 file builds), and this one stands aside: either way a v2
// project is served by the same rewrite (rewriteServing.ts serveV2Entries), with the same findings.
import type { Finding } from '../../lib/model.js';
import type { PreStep, PreStepOutput, TransformFinish } from '../../lib/transform.js';
import type { V1ToV2Options } from '../v1-to-v2/options.js';
import { callersToRead, initializeHolders, v2StdioInputs } from './ids.js';

/** The pre-step's output as the runner holds it: the served texts, and the findings its finish reports. */
interface ServingOutput extends PreStepOutput {
  findings: Finding[];
}

export const SERVING_STEP: PreStep<V1ToV2Options> = {
  enabled: (options) => options.v1ToV2 !== true,
  start() {
    return {
      inputs: (files) => v2StdioInputs(files, []),
      async plan(root, files, all) {
        const entries = v2StdioInputs(files, []);
        const output: ServingOutput = { texts: new Map(), findings: [] };
        if (entries.length === 0) return output;
        // With the files that may call an entry's exported function, which the serving rewrite reads (servingCallers).
        const callers = callersToRead(all ?? files, entries);
        const { serveV2Entries } = await import('./rewriteServing.js');
        const { servingModules } = await import('./servingModules.js');
        const { servingCallers } = await import('./ids.js');
        const sent = [...entries, ...callers];
        // And the files that register at initialize, whose entries stay on 2025-era serving.
        const holders = initializeHolders(all ?? files, sent).map((f) => ({ ...f, scan: undefined, text: f.text }));
        const modules = servingModules(
          [...entries, ...servingCallers(sent, entries), ...holders].map((entry): [string, string] => [
            entry.file,
            entry.text,
          ]),
        );
        const served = serveV2Entries(root, entries, modules, 'the serving step');
        return { texts: served.texts, findings: served.findings, ...(served.failed ? { failed: served.failed } : {}) };
      },
      close() {},
    };
  },
};

/** The findings of this run's pre-step, by file and line (as the v1 step orders its own). */
export function finishServing(output: PreStepOutput | undefined): TransformFinish {
  const findings = [...((output as ServingOutput | undefined)?.findings ?? [])];
  findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { files: new Map(), findings };
}
