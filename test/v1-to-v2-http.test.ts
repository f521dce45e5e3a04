import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { compileTree, fetchWithHost, runOverHttp, startHttpEntry, type Call } from './support/equivalence.js';
import { FIXTURES_ROOT, readTree, snapshotTree } from './support/fixtures.js';
import {
  confirmOnceScript,
  copyOf,
  expectTree,
  removeTemps,
  run,
  SCHEMA,
  strictDiagnosticsOfTree,
  temps,
} from './support/v1-to-v2.js';

afterEach(removeTemps);

let elicits = 0;
// The first confirmation is accepted (the note goes), the next declined.
const script = confirmOnceScript(() => elicits++);

// v1 servers served over Streamable HTTP, each in a shape of the v1 SDK's own examples: the migration routes
// 2026-era requests to createMcpHandler(() => build(), { legacy: 'reject' }) and keeps the original session code for
// 2025-era requests. Each fixture's own entry runs as a real process on a loopback port: the original (v1 SDK) and
// the migrated tree (v2), driven by the v1 client and the v2 client in both eras with the same script.
describe('v1 servers over Streamable HTTP: Express (sessionful, stateless), node:http, Hono', () => {
  const TOKEN = 'test-token-0123456789';
  const AUTH = { authorization: `Bearer ${TOKEN}` };
  const httpCalls: Call[] = [
    { kind: 'tool', name: 'summarize_note', args: { id: '1' } },
    { kind: 'tool', name: 'delete_note', args: { id: '1' } },
    { kind: 'tool', name: 'summarize_note', args: { id: '1' } },
  ];
  // Which of the original's guards each fixture has: a bearer token (custom middleware or in the listener), a Host check.
  const CASES = [
    {
      name: 'http-express-sessionful',
      route: "app.post('/mcp')",
      token: true,
      host: true,
      asks: true,
      imports: ['@modelcontextprotocol/server', '@modelcontextprotocol/node', '@modelcontextprotocol/express'],
    },
    {
      name: 'http-express-stateless',
      route: "app.post('/mcp')",
      token: false,
      host: true,
      asks: false,
      imports: ['@modelcontextprotocol/node', '@modelcontextprotocol/express', '@modelcontextprotocol/server'],
    },
    {
      name: 'http-node',
      route: 'createServer',
      token: true,
      host: true,
      asks: true,
      imports: ['@modelcontextprotocol/server', '@modelcontextprotocol/node'],
    },
    {
      // The body read only in the POST branch, below method branches (a real server's shape): routed there.
      name: 'http-node-post',
      route: 'createServer',
      token: true,
      host: true,
      asks: true,
      imports: ['@modelcontextprotocol/server', '@modelcontextprotocol/node'],
    },
    {
      name: 'http-hono',
      route: "app.all('/mcp')",
      token: true,
      host: false,
      asks: true,
      imports: ['@modelcontextprotocol/server'],
    },
  ];

  for (const c of CASES) {
    const input = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', c.name, 'input');
    const expected = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', c.name, 'expected');
    const env = { MCP_TOKEN: TOKEN };
    const headers = c.token ? AUTH : {};
    // A fresh process per run: the notes live in the server's module.
    const serveOnce = async (
      entry: string,
      era: 'v1' | '2025' | '2026',
      calls: Call[],
      runHeaders: Record<string, string> = headers,
    ) => {
      const server = await startHttpEntry(entry, { env });
      try {
        elicits = 0;
        return await runOverHttp(server.url, era, calls, script, { headers: runHeaders });
      } finally {
        await server.stop();
      }
    };

    describe(c.name, () => {
      it('migrates to the expected tree (the HTTP wiring routed by era, a note per route), plans the same bytes in a dry run, and a second run changes nothing', () => {
        const dir = copyOf(input);
        const dry = copyOf(input);
        const before = snapshotTree(dry);
        const planned = run(['--dry-run', '--diff', '--quiet', dry]);
        expect(planned.code, planned.stderr).toBe(0);
        expect(snapshotTree(dry)).toEqual(before);
        const first = run(['--report', 'json', dir]);
        expect(first.code, first.stderr).toBe(0);
        const report = JSON.parse(first.stdout) as Report;
        expect(new Ajv({ strict: false }).validate(SCHEMA, report)).toBe(true);
        expect(report.sites.map((s) => `${s.file}:${s.line} ${s.decision}`)).toEqual([
          'src/server.ts:17 rewritten',
          'src/server.ts:31 rewritten',
        ]);
        const notes = (report.findings ?? []).filter(
          (f) => f.reason === 'served-by-mcp-handler' || f.reason === 'serving-2025-only',
        );
        expect(notes.map((f) => `${f.file} ${f.reason} ${f.message.split(':')[0]}`)).toEqual([
          `src/index.ts served-by-mcp-handler ${c.route}`,
        ]);
        const output = readTree(dir);
        expectTree(output, expected);
        // The note's line is the connect's line in the user's file.
        expect(readTree(input)['src/index.ts']!.split('\n')[notes[0]!.line - 1]).toContain('.connect(');
        // The dry run's patch, applied, gives exactly what the migration wrote.
        const patch = path.join(dry, '..', `${path.basename(dry)}.patch`);
        temps.push(patch);
        fs.writeFileSync(patch, planned.stdout);
        const applied = spawnSync('git', ['apply', patch], { cwd: dry, encoding: 'utf8' });
        expect(applied.stderr).toBe('');
        expect(readTree(dry)).toEqual(output);
        // In the file's own quote (issue 18): the codemod's double quotes are not left in a single-quote file.
        for (const module of c.imports) expect(output['src/index.ts'], module).toContain(`from '${module}'`);
        const manifest = JSON.parse(output['package.json']!) as { dependencies: Record<string, string> };
        expect(Object.keys(manifest.dependencies)).not.toContain('@modelcontextprotocol/sdk');
        const again = run(['--report', 'json', dir]);
        expect(again.code, again.why).toBe(0);
        expect((JSON.parse(again.stdout) as Report).files.filter((f) => f.status !== 'unchanged')).toEqual([]);
        expect(readTree(dir)).toEqual(output);
      });

      it('compiles under strict TypeScript (NodeNext) against the installed v2 packages', () => {
        expect(strictDiagnosticsOfTree(expected)).toEqual([]);
      });

      it('answers as the v1 original over real loopback HTTP: v1 client, v2 client in the 2025 era (sessions and asks kept), v2 client in the 2026 era', async () => {
        const originalEntry = path.join(compileTree(input), 'src', 'index.js');
        const migratedEntry = path.join(compileTree(expected), 'src', 'index.js');
        if (!c.asks) {
          // A stateless v1 server cannot ask (the instance that runs the tool never saw the client's initialize, and the
          // answer would reach another instance): 2025-era traffic keeps that code, so only calls that do not ask are
          // compared there; the 2026 era gains the asks, and answers as the sessionful v1 original of the same server.
          const noAsk: Call[] = [{ kind: 'tool', name: 'delete_note', args: { id: '9' } }];
          const original = await serveOnce(originalEntry, 'v1', noAsk);
          expect(original.results).toEqual([{ content: [{ type: 'text', text: 'No note 9' }], isError: true }]);
          for (const era of ['v1', '2025', '2026'] as const)
            expect(await serveOnce(migratedEntry, era, noAsk), era).toEqual(original);
          const sessionful = path.join(
            compileTree(path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'http-express-sessionful', 'input')),
            'src',
            'index.js',
          );
          expect(await serveOnce(migratedEntry, '2026', httpCalls)).toEqual(
            await serveOnce(sessionful, 'v1', httpCalls, AUTH),
          );
          return;
        }
        const original = await serveOnce(originalEntry, 'v1', httpCalls);
        expect(original.questions.map((q) => q.method)).toEqual([
          'sampling/createMessage',
          'elicitation/create',
          'sampling/createMessage',
        ]);
        expect(original.results.map((r) => JSON.stringify(r))).toContain(
          JSON.stringify({ content: [{ type: 'text', text: 'Deleted note 1.' }] }),
        );
        for (const era of ['v1', '2025', '2026'] as const)
          expect(await serveOnce(migratedEntry, era, httpCalls), era).toEqual(original);
      });

      it("keeps the original's guards in front of both eras (bearer token, Host check)", async () => {
        const server = await startHttpEntry(path.join(compileTree(expected), 'src', 'index.js'), { env });
        try {
          for (const era of ['2025', '2026'] as const) {
            if (c.token)
              await expect(
                runOverHttp(server.url, era, httpCalls.slice(0, 1), script),
                `${era} without a token`,
              ).rejects.toThrow(/401|Unauthorized/);
            if (c.host)
              await expect(
                runOverHttp(server.url, era, httpCalls.slice(0, 1), script, {
                  headers,
                  fetch: fetchWithHost('evil.example'),
                }),
                `${era} from another host`,
              ).rejects.toThrow(/403|Forbidden|Invalid Host/i);
            // The same client with the token and a local Host gets through (so the refusals above are the guards').
            elicits = 0;
            const ok = await runOverHttp(server.url, era, httpCalls.slice(0, 1), script, {
              headers,
              fetch: fetchWithHost(`127.0.0.1:${server.url.port}`),
            });
            expect(ok.results).toHaveLength(1);
          }
        } finally {
          await server.stop();
        }
      });
    });
  }
});
