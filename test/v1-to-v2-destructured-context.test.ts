// A v1 handler that destructures its context (`async (args, { sendRequest }) => ...`, as the conformance suite's
// everything server does): the official codemod leaves the pattern with a marker ("Destructuring of context parameter
// in signature"), and v2's context has no `sendRequest`, so each such tool failed in both eras (`sendRequest is not a
// function`). The v1 step binds each member from its v2 path (`{ mcpReq: { send: sendRequest } }`), and the asks made
// through the destructured sender are the context's own, which replay rewrites: the migrated server answers as the
// original did, in the 2025 era and in the 2026 era.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../api/index.js';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { confirmOnceScript, removeTemps, tempTree } from './support/v1-to-v2.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CreateMessageResultSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const notes = new Map([['n1', 'buy milk'], ['n2', 'call Ada']]);

// Sampling through the sender destructured in the signature.
server.tool('summarize', 'Summarize a note', { id: z.string() }, async ({ id }, { sendRequest }) => {
  const result = await sendRequest(
    {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: \`Summarize: \${notes.get(id)}\` } }], maxTokens: 50 },
    },
    CreateMessageResultSchema,
  );
  return { content: [{ type: 'text', text: result.content.type === 'text' ? result.content.text : '(no text)' }] };
});

// Members with a new path in v2, destructured too.
server.tool('whoami', 'What the request knows', {}, async (_args, { requestId, signal }) => ({
  content: [{ type: 'text', text: \`\${typeof requestId} \${signal.aborted}\` }],
}));

// Destructured in the body.
server.tool('delete_note', 'Delete a note', { id: z.string() }, async ({ id }, extra) => {
  const { sendRequest } = extra;
  const answer = await sendRequest(
    { method: 'elicitation/create', params: { message: \`Delete \${id}?\`, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } } },
    ElicitResultSchema,
  );
  if (answer.action !== 'accept' || answer.content?.confirm !== true) return { content: [{ type: 'text', text: \`kept \${id}\` }] };
  notes.delete(id);
  return { content: [{ type: 'text', text: \`deleted \${id}\` }] };
});

await server.connect(new StdioServerTransport());
`;

const calls: Call[] = [
  { kind: 'tool', name: 'summarize', args: { id: 'n1' } },
  { kind: 'tool', name: 'whoami', args: {} },
  { kind: 'tool', name: 'delete_note', args: { id: 'n1' } },
  { kind: 'tool', name: 'delete_note', args: { id: 'n2' } },
];
let elicits = 0;
const script = confirmOnceScript(() => elicits++);

afterEach(removeTemps);

describe('a handler context destructured in v1', () => {
  it('is bound from its v2 paths, its asks are replayed, and the server answers as the original did in both eras', async () => {
    const files = { 'src/index.ts': SERVER, 'package.json': JSON.stringify({ type: 'module' }) };
    const original = tempTree(files);
    const dir = tempTree(files);
    const report = await migrate({ paths: [dir], v1ToV2: true, typecheck: false });
    expect(report.sites.map((s) => `${s.form} ${s.decision} ${s.strategy ?? s.reason ?? ''}`)).toEqual([
      'ctx.mcpReq.send rewritten replay',
      'ctx.mcpReq.send rewritten replay',
    ]);
    const migrated = fs.readFileSync(path.join(dir, 'src', 'index.ts'), 'utf8');
    expect(migrated).toContain('async (_args, { mcpReq: { id: requestId, signal } }) =>');
    expect(migrated).not.toContain('Destructuring of context parameter');
    expect(migrated).not.toMatch(/\bsendRequest\b/);
    expect(migrated).toContain('await ask.request(');

    elicits = 0;
    const before = await runOverStdio(path.join(compileTree(original), 'src', 'index.js'), 'v1', calls, script);
    expect(before.results).toEqual([
      { content: [{ type: 'text', text: 'Groceries before six.' }] },
      { content: [{ type: 'text', text: 'number false' }] },
      { content: [{ type: 'text', text: 'deleted n1' }] },
      { content: [{ type: 'text', text: 'kept n2' }] },
    ]);
    const entry = path.join(compileTree(dir), 'src', 'index.js');
    for (const era of ['2025', '2026'] as const) {
      elicits = 0;
      const after = await runOverStdio(entry, era, calls, script);
      expect(after.results, era).toEqual(before.results);
      expect(after.questions, era).toEqual(before.questions);
    }
  });
});
