// Schemas written against `zod/v3` (zod 3's API, shipped by zod >= 3.25 and by zod 4, because zod-to-json-schema
// converts only zod 3): the v1 step raises zod to 4 and used to turn `zodToJsonSchema(S)` into `z.toJSONSchema(S)`,
// which cannot read a zod 3 schema, so tools/list failed. Such a call keeps zod-to-json-schema; the migrated server
// lists and answers as the original did, in both eras.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../api/index.js';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { confirmOnceScript, removeTemps, tempTree } from './support/v1-to-v2.js';

const FILES = {
  'package.json': JSON.stringify({
    type: 'module',
    dependencies: { '@modelcontextprotocol/sdk': '^1.20.0', zod: '^3.25.76', 'zod-to-json-schema': '^3.24.6' },
  }),
  'src/schemas.ts': `import { z } from 'zod/v3';

export const NoteSchema = z.object({ id: z.string().describe('The note id'), force: z.boolean().optional() });
`,
  'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { NoteSchema } from './schemas.js';

const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: 'delete_note', description: 'Delete a note', inputSchema: zodToJsonSchema(NoteSchema) as any }],
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { id, force } = NoteSchema.parse(request.params.arguments);
  return { content: [{ type: 'text', text: \`deleted \${id}\${force ? ' (forced)' : ''}\` }] };
});

await server.connect(new StdioServerTransport());
`,
};

const calls: Call[] = [
  { kind: 'tools' },
  { kind: 'tool', name: 'delete_note', args: { id: 'n1', force: true } },
  { kind: 'tool', name: 'delete_note', args: { id: 7 } },
];
const script = confirmOnceScript(() => 0);

afterEach(removeTemps);

describe('schemas built with zod/v3', () => {
  it('keep zod-to-json-schema: the migrated server lists and answers as the original, in both eras', async () => {
    const original = tempTree(FILES);
    const dir = tempTree(FILES);
    const report = await migrate({ paths: [dir], v1ToV2: true, typecheck: false });
    expect((report.findings ?? []).map((f) => `${f.file}:${f.line} ${f.reason}`)).toContain(
      'src/index.ts:10 zod-to-json-schema-kept-for-v3',
    );
    const migrated = fs.readFileSync(path.join(dir, 'src', 'index.ts'), 'utf8');
    expect(migrated).toContain('zodToJsonSchema(NoteSchema)');
    expect(migrated).not.toContain('toJSONSchema');

    const before = await runOverStdio(path.join(compileTree(original), 'src', 'index.js'), 'v1', calls, script);
    const listed = before.results[0] as { tools: Array<{ inputSchema: { type?: string; properties?: object } }> };
    expect(listed.tools[0]!.inputSchema).toMatchObject({ type: 'object', properties: { id: { type: 'string' } } });
    const entry = path.join(compileTree(dir), 'src', 'index.js');
    for (const era of ['2025', '2026'] as const)
      expect(await runOverStdio(entry, era, calls, script), era).toEqual(before);
  });
});
