// Servers built apart (a stdio entry and an HTTP entry) whose handlers reach one ask: replay wires each server's
// requestState codec where it can (fixtures rewrite-replay-two-servers and -shared-tools run both entries), and says
// which server stops it where it cannot.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../api/index.js';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'servers-apart-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(root, file), text);
  return root;
}

const TOOLS = `import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function registerTools(server: McpServer): void {
  server.registerTool('wipe', { inputSchema: z.object({ disk: z.string() }) }, async ({ disk }) => {
    const answer = await server.server.elicitInput({
      message: \`Wipe \${disk}?\`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return { content: [{ type: 'text', text: answer.action }] };
  });
}
`;

const entry = (name: string, options = '') => `import { McpServer } from '@modelcontextprotocol/server';
import { registerTools } from './tools.js';

export function build(): McpServer {
  const server = new McpServer({ name: '${name}', version: '1.0.0' }${options});
  registerTools(server);
  return server;
}
`;

const verdicts = async (root: string) =>
  (await audit({ paths: [root], strategy: 'replay' })).sites.map((s) => ({
    decision: s.decision,
    reason: s.reason,
    message: s.message ?? '',
  }));

describe('replay: servers built apart', () => {
  it('wires a registration function every entry calls with its own server', async () => {
    const root = project({ 'tools.ts': TOOLS, 'stdio.ts': entry('disks'), 'http.ts': entry('disks-http') });
    expect((await verdicts(root)).map((v) => v.decision)).toEqual(['rewritten']);
  });

  it('leaves it for review when one of the servers already configures requestState, naming it', async () => {
    const root = project({
      'tools.ts': TOOLS,
      'stdio.ts': entry('disks'),
      'http.ts': entry('disks-http', `, { requestState: { verify: async () => undefined } }`),
    });
    const [site] = await verdicts(root);
    expect(site?.decision).toBe('review');
    expect(site?.reason).toBe('state-codec-unwired');
    expect(site?.message).toMatch(/http\.ts:5 already configures requestState/);
  });

  it('leaves it for review when an entry does not import the registration file', async () => {
    // The HTTP server is built in one file and handed to the registration function from another.
    const root = project({
      'tools.ts': TOOLS,
      'stdio.ts': entry('disks'),
      'make.ts': `import { McpServer } from '@modelcontextprotocol/server';\nexport const make = () => new McpServer({ name: 'h', version: '1' });\n`,
      'http.ts': `import { registerTools } from './tools.js';\nimport { make } from './make.js';\nexport function build() {\n  const server = make();\n  registerTools(server);\n  return server;\n}\n`,
    });
    const [site] = await verdicts(root);
    expect(site?.decision).toBe('review');
    expect(site?.reason).toBe('state-codec-unwired');
    expect(site?.message).toMatch(/make\.ts/);
  });
});
