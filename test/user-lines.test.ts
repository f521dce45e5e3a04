// Lines are the user's: a v1 file is analysed in the official v1-to-v2 codemod's output, whose lines differ from the
// file the user has (imports merged, `server.tool(...)` rewritten to `registerTool(...)` on other lines). Every line
// and column the report gives must point into the user's own text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audit } from '../api/index.js';
import { lineMapBetween } from '../lib/lineMap.js';
import { FIXTURES_ROOT } from './support/fixtures.js';

const V1_SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ElicitResultSchema,
  CreateMessageResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const server = new McpServer({ name: 'x', version: '1.0.0' });

server.tool(
  'delete',
  'Delete a thing',
  { id: z.string() },
  async ({ id }, extra) => {
    const answer = await extra.sendRequest(
      { method: 'elicitation/create', params: { message: \`Delete \${id}?\`, requestedSchema: { type: 'object', properties: {} } } },
      ElicitResultSchema,
    );
    const summary = await server.server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: id } }], maxTokens: 10 });
    return { content: [{ type: 'text', text: \`\${answer.action} \${summary.role}\` }] };
  },
);
`;

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('report lines of a v1 file', () => {
  it('point into the user text, not into the official codemod output', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-user-lines-'));
    temps.push(dir);
    fs.writeFileSync(path.join(dir, 'server.ts'), V1_SERVER);
    const report = await audit({ paths: [dir], v1ToV2: true });
    const lines = V1_SERVER.split('\n');
    const at = (line: number, column: number) => lines[line - 1]!.slice(column - 1);
    const sites = report.sites.map((s) => ({ kind: s.kind, text: at(s.line, s.column) }));
    expect(sites).toEqual([
      { kind: 'elicitation', text: 'extra.sendRequest(' },
      { kind: 'sampling', text: expect.stringMatching(/^server\.server\.createMessage\(/) },
    ]);
    // The handler's frame is the registration the user wrote (`server.tool(`), on its own line.
    for (const site of report.sites) expect(lines[site.chain[0]!.line - 1]).toBe('server.tool(');
    // The call as the user wrote it: the v1 step's `ctx.mcpReq.send(...)` is `extra.sendRequest(...)` in their file.
    expect(report.sites.map((s) => [s.form, s.code.slice(0, 40)])).toEqual([
      ['extra.sendRequest', "extra.sendRequest( { method: 'elicitatio"],
      ['server.createMessage', 'server.server.createMessage({ messages: '],
    ]);
  });
});

// What the user's line holds for each finding of the v1 step: the code it is about, not a line of the official
// codemod's output, of the repaired text, or of the final text (where a marker or a restored import is written).
const FINDING_LINES: Record<string, RegExp> = {
  'served-by-serve-stdio': /\.connect\(/,
  'served-by-mcp-handler': /\.connect\(/,
  'serving-2025-only': /\.connect\(/,
  'codemod-error-marker': /^server\.tool\($/,
  'import-kept-on-v1': /^import \{ InMemoryTaskStore \} from/,
  'zod-to-json-schema-rewritten': /zodToJsonSchema\(/,
  'zod-record-key-added': /z\.record\(/,
  'context-member-mapped': /context\.sendRequest\(/,
};

describe('finding lines of the v1 step', () => {
  it.each(['review-repairs', 'review-described', 'rewrite-http-express-sessionful', 'review-stdio-shapes'])(
    'point into the user text (%s)',
    async (name) => {
      const dir = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', name, 'input');
      const report = await audit({ paths: [dir], v1ToV2: true, typecheck: false });
      const placed = (report.findings ?? [])
        .filter((f) => FINDING_LINES[f.reason])
        .map((f) => {
          const line = fs.readFileSync(path.join(dir, f.file), 'utf8').split('\n')[f.line - 1]!.trim();
          return { reason: f.reason, at: `${f.file}:${f.line}`, line, fits: FINDING_LINES[f.reason]!.test(line) };
        });
      expect(placed.length).toBeGreaterThan(0);
      expect(placed.filter((p) => !p.fits)).toEqual([]);
    },
  );
});

describe('lineMapBetween', () => {
  const user = ['a', 'b1', 'b2', 'c', '  x = await old.call(1)', 'd'].join('\n');
  const analysed = ['a', 'B', 'c', '  x = await renamed.call(1)', 'd'].join('\n');
  const map = lineMapBetween(user, analysed);

  it('maps a line both texts share exactly, column included', () => {
    expect(map({ line: 3, column: 1 })).toEqual({ line: 4, column: 1 });
    expect(map({ line: 5, column: 1 })).toEqual({ line: 6, column: 1 });
  });

  it('maps a rewritten line into the lines it replaced, by the code before the position', () => {
    expect(map({ line: 4, column: 13 })).toEqual({ line: 5, column: 13 });
  });

  it('maps a line with no counterpart to the first replaced line, at its first non-blank column', () => {
    expect(map({ line: 2, column: 1 })).toEqual({ line: 2, column: 1 });
  });

  it('tells two asks of one reindented handler apart by the code before the call', () => {
    // The pre-step rewrote the registration and reindented its callback: every line of it is replaced, the hunk
    // grew by two lines, and both asks have the same call text.
    const before = [
      'server.tool(',
      '  "userInfo",',
      '  { name: z.string() },',
      '  async () => {',
      '    const nameAnswer = await server.server.elicitInput({ message: "name?" });',
      '    const ageAnswer = await server.server.elicitInput({ message: "age?" });',
      '  },',
      ');',
    ].join('\n');
    const after = [
      'server.registerTool(',
      '  "userInfo",',
      '  {',
      '    inputSchema: z.object({ name: z.string() }),',
      '  },',
      '  async () => {',
      '      const nameAnswer = await server.server.elicitInput({ message: "name?" });',
      '      const ageAnswer = await server.server.elicitInput({ message: "age?" });',
      '    },',
      ');',
    ].join('\n');
    const reindented = lineMapBetween(before, after);
    expect(reindented({ line: 7, column: 33 })).toEqual({ line: 5, column: 31 });
    expect(reindented({ line: 8, column: 32 })).toEqual({ line: 6, column: 30 });
  });
});
