// A handler that hands its context to a helper of its file (`confirm(extra, ...)`), whose ask stays a review item:
// the official codemod renames the handler's `extra` to `ctx` and leaves the helper's `extra.sendRequest(...)` with a
// marker, so the tool failed in both eras (`extra.sendRequest is not a function`) where the original answered. The
// v1 step maps the helper's v1 members too; the reviewed tool answers in the 2025 era exactly as before.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../api/index.js';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { confirmOnceScript, removeTemps, tempTree } from './support/v1-to-v2.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const pending: string[] = [];

async function markPending(id: string): Promise<void> {
  pending.push(id);
}

// Asks through the context the handler hands over.
async function confirm(extra: any, message: string): Promise<boolean> {
  const answer = await extra.sendRequest(
    { method: 'elicitation/create', params: { message, requestedSchema: { type: 'object', properties: {} } } },
    ElicitResultSchema,
  );
  return answer.action === 'accept' && !extra.signal.aborted;
}

server.tool('delete_note', 'Delete a note', { id: z.string() }, async ({ id }, extra) => {
  // A write whose promise is awaited after the ask: the replay journal cannot keep it, the ask stays a review item.
  const marking = markPending(id);
  const ok = await confirm(extra, \`Delete note \${id}?\`);
  await marking;
  return { content: [{ type: 'text', text: ok ? \`deleted \${id}\` : \`kept \${id}\` }] };
});

await server.connect(new StdioServerTransport());
`;

const calls: Call[] = [
  { kind: 'tool', name: 'delete_note', args: { id: 'n1' } },
  { kind: 'tool', name: 'delete_note', args: { id: 'n2' } },
];
let elicits = 0;
const script = confirmOnceScript(() => elicits++);

afterEach(removeTemps);

describe('a handler context handed to a helper of the file', () => {
  it('has its v1 members mapped in the helper: the reviewed tool answers in the 2025 era as the original did', async () => {
    const files = { 'src/index.ts': SERVER, 'package.json': JSON.stringify({ type: 'module' }) };
    const original = tempTree(files);
    const dir = tempTree(files);
    const report = await migrate({ paths: [dir], v1ToV2: true, typecheck: false });
    expect(report.sites.map((s) => `${s.form} ${s.decision} ${s.reason ?? ''}`)).toEqual([
      'extra.sendRequest review replay-effect-not-journalable',
    ]);
    const migrated = fs.readFileSync(path.join(dir, 'src', 'index.ts'), 'utf8');
    expect(migrated).toContain('await extra.mcpReq.send(');
    expect(migrated).toContain('!extra.mcpReq.signal.aborted');
    expect(migrated.replace(/\/\*[\s\S]*?\*\//g, '')).not.toMatch(/extra\.(sendRequest|signal)\b/);

    elicits = 0;
    const before = await runOverStdio(path.join(compileTree(original), 'src', 'index.js'), 'v1', calls, script);
    expect(before.results).toEqual([
      { content: [{ type: 'text', text: 'deleted n1' }] },
      { content: [{ type: 'text', text: 'kept n2' }] },
    ]);
    elicits = 0;
    const after = await runOverStdio(path.join(compileTree(dir), 'src', 'index.js'), '2025', calls, script);
    expect(after).toEqual(before);
  });
});
