// Diffs a reviewer accepts: the request literal of a rewritten ask stays where it was, with its
// indentation, and is referred to by name; a long requestedSchema never shows up as changed lines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audit } from '../api/index.js';

const FIELDS = Array.from({ length: 40 }, (_, i) => `            field${i}: { type: 'string', title: 'Field ${i}' },`);
const SERVER = `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'forms', version: '1.0.0' });
  server.registerTool(
    'register',
    { description: 'Register a device', inputSchema: z.object({ device: z.string() }) },
    async ({ device }, ctx) => {
      const form = await ctx.mcpReq.elicitInput({
        message: \`Details for \${device}\`,
        requestedSchema: {
          type: 'object',
          properties: {
${FIELDS.join('\n')}
          },
        },
      });
      if (form.action !== 'accept') return { content: [{ type: 'text', text: 'cancelled' }] };
      const reply = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: \`Check \${device}\` } }],
        maxTokens: 50,
      });
      return { content: [{ type: 'text', text: JSON.stringify([form.content, reply.model]) }] };
    },
  );
  return server;
}
`;

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function diffOf(server: string): Promise<{ diff: string; changed: string[]; decisions: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-diff-'));
  temps.push(dir);
  fs.writeFileSync(path.join(dir, 'server.ts'), server);
  const report = await audit({ paths: [dir], diff: true });
  const diff = report.files.find((f) => f.file === 'server.ts')?.diff ?? '';
  const changed = diff.split('\n').filter((l) => /^[-+](?![-+])/.test(l));
  return { diff, changed, decisions: report.sites.map((s) => s.decision) };
}

describe('the diff of a rewritten ask', () => {
  it('keeps a long request literal where it was in the write-once form: none of its lines changes', async () => {
    const single = SERVER.replace(/ {6}const reply = await[^]*?\}\);\n/, '').replace(', reply.model', '');
    const { diff, changed, decisions } = await diffOf(single);
    expect(decisions).toEqual(['rewritten']);
    for (const field of FIELDS) expect(changed).not.toContain(`+${field}`);
    expect(changed.some((l) => l.includes('message: `Details for'))).toBe(false);
    expect(diff).toContain('+      const formRequest: ElicitRequestFormParams = {');
    expect(diff).toContain('inputRequired.elicit(formRequest)');
    // The head and the close of the statement, the round, the validation and the import: not the literal's 45 lines.
    expect(changed.length).toBeLessThan(25);
  });

  it('keeps the whole request of `ctx.mcpReq.send({ method, params }, Schema)` where it was, asking with its params', async () => {
    const single = SERVER.replace(/ {6}const reply = await[^]*?\}\);\n/, '').replace(', reply.model', '');
    const sent = single
      .replace(
        'const form = await ctx.mcpReq.elicitInput({\n        message:',
        "const form = await ctx.mcpReq.send(\n        {\n          method: 'elicitation/create',\n          params: {\n        message:",
      )
      .replace(
        /\n {6}\}\);\n {6}if \(form/,
        '\n          },\n        },\n        ElicitResultSchema,\n      );\n      if (form',
      )
      .replace(
        "import * as z from 'zod/v4';",
        "import * as z from 'zod/v4';\nimport { ElicitResultSchema } from '@modelcontextprotocol/core';",
      );
    const { diff, changed, decisions } = await diffOf(sent);
    expect(decisions).toEqual(['rewritten']);
    for (const field of FIELDS) expect(changed).not.toContain(`+${field}`);
    expect(changed.some((l) => l.includes('message: `Details for'))).toBe(false);
    expect(diff).toContain('+      const formRequest: { method: string; params: ElicitRequestFormParams } = {');
    expect(diff).toContain('inputRequired.elicit(formRequest.params)');
    expect(changed.length).toBeLessThan(25);
  });

  it('keeps the lines of a long requestedSchema and of a sampling request in step functions', async () => {
    const { diff, changed, decisions } = await diffOf(SERVER);
    expect(decisions).toEqual(['rewritten', 'rewritten']);
    for (const field of FIELDS) expect(changed).not.toContain(`+${field}`);
    expect(changed.some((l) => l.includes("messages: [{ role: 'user'"))).toBe(false);
    expect(diff).toContain('+      const replyRequest: CreateMessageRequestParams = {');
    expect(diff).toContain('inputRequired.createMessage(replyRequest)');
  });
});
