// Files outside the SDK's reach (AnalysisProject.sdkReach) are not parsed to look for sites: the report is the one a
// run parsing them gives, but for the count of files parsed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audit } from '../api/index.js';
import { REPO_ROOT } from './support/fixtures.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The singleton-module fixture (a helper reaches the server by importing it), beside look-alikes it does not import. */
function tree(extra: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-reach-'));
  dirs.push(dir);
  fs.cpSync(path.join(REPO_ROOT, '__fixtures__', 'mrtr', 'review-singleton-module', 'input'), dir, { recursive: true });
  const files: Record<string, string> = {
    'src/mail/client.ts': 'export class Mail {\n  async createMessage(to: string) {\n    return { to };\n  }\n}\n',
    'src/mail/digest.ts':
      "import { Mail } from './client.js';\n\nexport async function digest(server: Mail) {\n  return server.createMessage('owner');\n}\n",
    ...extra,
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe.each([false, true])('files outside the SDK reach (v1 step %s)', (v1ToV2) => {
  it('are not parsed, and the report is otherwise the same as when they are', async () => {
    const narrowed = await audit({ paths: [tree()], v1ToV2 });
    // A script shares its names with every file without an import: then every file counts.
    const full = await audit({ paths: [tree({ 'src/legacy.js': 'var visits = 0;\n' })], v1ToV2 });
    expect(narrowed.sites.map((s) => `${s.file}:${s.line}`)).toEqual(['src/confirm.ts:4']);
    expect(full.sites).toEqual(narrowed.sites);
    expect(full.findings).toEqual(narrowed.findings);
    expect(full.totals.filesParsed).toBe(narrowed.totals.filesParsed + 2);
  });
});
