/**
 * Framework APIs and unproven receivers are sites like any other for the summary: "this code sends no push-style
 * requests" is said only when no site at all was found.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audit, toText } from '../api/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-framework-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

const NOTHING = 'this code sends no push-style requests';

describe('the summary of a project whose only asks go through a framework or an unproven receiver', () => {
  it('reports the FastMCP ask and does not say the code sends no push-style requests', async () => {
    const dir = project({
      'server.ts': [
        "import { FastMCP } from 'fastmcp';",
        "const server = new FastMCP({ name: 'n', version: '1.0.0' });",
        'server.addTool({',
        "  name: 'poem',",
        '  execute: async (_args, { session }) => {',
        '    const reply = await session.requestSampling({ messages: [], maxTokens: 10 });',
        '    return String(reply.content);',
        '  },',
        '});',
        '',
      ].join('\n'),
    });
    const report = await audit({ paths: [dir] });
    expect(report.sites.map((s) => [s.line, s.kind, s.reason])).toEqual([[6, 'sampling', 'framework-api']]);
    expect(toText(report)).not.toContain(NOTHING);
  });

  it('reports an SDK-shaped call on an any cast, and says nothing is to migrate only without it', async () => {
    const ask = [
      "import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';",
      'export async function confirm(server: unknown): Promise<ElicitResult> {',
      "  return (server as any).elicitInput({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } });",
      '}',
      '',
    ].join('\n');
    const withAsk = await audit({ paths: [project({ 'ask.ts': ask })] });
    expect(withAsk.sites.map((s) => [s.line, s.kind, s.reason])).toEqual([[3, 'elicitation', 'unproven-receiver']]);
    expect(toText(withAsk)).not.toContain(NOTHING);
    const without = await audit({ paths: [project({ 'ask.ts': ask.replace('elicitInput', 'describe') })] });
    expect(without.sites).toEqual([]);
    expect(toText(without)).toContain(NOTHING);
  });
});
