// The `mrtr` transform (push-style server->client requests -> Multi Round-Trip Requests, see README.md) as the runner
// sees it (lib/transform.ts). Light to import: the prefilter and the catalogue; the analysis and the planners load
// with its planner, while the v1 step runs.
import type { Transform } from '../../lib/transform.js';
import { REPLAY_RUNTIME_NAME, TRANSFORM_ID } from './constants.js';
import { FRAMEWORK_PACKAGES } from './frameworks.js';
import { MRTR_OPTIONS, type MrtrOptions } from './options.js';
import { mayHoldSite } from './prefilter.js';
import { REASONS } from './reasons.js';

export { TRANSFORM_ID } from './constants.js';
export type { AuditFilesOptions, FilePlan } from './auditFiles.js';
export type { MrtrOptions, Strategy } from './options.js';

export const mrtr: Transform<MrtrOptions> = {
  id: TRANSFORM_ID,
  reasons: REASONS,
  rewriteRule: {
    message: 'push-style request the migration rewrites to MRTR (inputRequired / inputResponse)',
    description:
      'A push-style server->client request in an MRTR-capable handler that the migration rewrites: into the explicit MRTR form (write-once or step functions) or, for asks in helpers and other shapes, by replay (the ask keeps its place).',
    advice:
      'Run the migration (npx mcp-mrtr-codemod .) and review its diff; the rewrite keeps every branch and the old validation. For replay, check that the statements the report lists as running again on each round are safe to repeat.',
    adviceMarkdown:
      'Run the migration (`npx mcp-mrtr-codemod .`) and review its diff; the rewrite keeps every branch and the old validation. For replay, check that the statements the report lists as running again on each round are safe to repeat.',
    helpAnchor: 'the-explicit-rewrite',
  },
  // A site planned as rewritten in a file the run could not change is reported with this reason, not as rewritten.
  unappliedReason: 'rewrite-failed',
  options: MRTR_OPTIONS,
  // A file naming the replay runtime keeps the module the run creates for it (dropOrphanModules reads the final texts).
  readsText: (text) => text.includes(REPLAY_RUNTIME_NAME),
  // A framework's tool files may import only the framework (FastMCP, xmcp): they are analysed like SDK files.
  reachModules: FRAMEWORK_PACKAGES,
  planner: {
    mayHoldWork: mayHoldSite,
    async load() {
      const { auditFiles } = await import('./auditFiles.js');
      return (project, candidates, options, context) =>
        auditFiles(project, candidates, { ...options, isTestFile: context.isTestFile });
    },
  },
};
