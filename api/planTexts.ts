// The child process behind the jscodeshift entry (api/jscodeshift.cts): reads audit options as JSON on stdin,
// writes `{ report, texts }` (the dry run's report and each changed file's planned text) as JSON on stdout.
import { auditWithTexts, type AuditOptions } from './index.js';

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const options = JSON.parse(Buffer.concat(chunks).toString()) as AuditOptions;
try {
  // jscodeshift takes only the texts: the type check of the result (its own run of the compiler) is not asked for.
  const { report, texts } = await auditWithTexts({ typecheck: false, ...options });
  process.stdout.write(JSON.stringify({ report, texts: [...texts] }));
} catch (error) {
  process.stderr.write(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
