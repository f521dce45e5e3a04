import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTree, fetchWithHost, runOverHttp, startHttpEntry, type Call } from './support/equivalence.js';
import { FIXTURES_ROOT, migratedTree } from './support/fixtures.js';
import { confirmOnceScript, removeTemps } from './support/v1-to-v2.js';

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
      token: true,
      host: true,
      asks: true,
    },
    {
      // A `let server` built with `new McpServer` in the initialize branch and registered there (a helper call),
      // kept per session: it moves into a module-level buildServer() that both eras build from.
      name: 'http-express-inline',
      token: true,
      host: true,
      asks: true,
    },
    {
      // The SDK's own example: `const server = new McpServer(...)` and its registrations inline in the handler.
      name: 'http-express-inline-const',
      token: true,
      host: true,
      asks: true,
    },
    {
      name: 'http-express-stateless',
      token: false,
      host: true,
      asks: false,
    },
    {
      name: 'http-node',
      token: true,
      host: true,
      asks: true,
    },
    {
      // The body read only in the POST branch, below method branches (a real server's shape): routed there.
      name: 'http-node-post',
      token: true,
      host: true,
      asks: true,
    },
    {
      name: 'http-hono',
      token: true,
      host: false,
      asks: true,
    },
  ];

  for (const c of CASES) {
    // The fixture `v1-to-v2-cli/rewrite-<name>` pins the migration (the wiring routed by era, a note per route, in the
    // file's own quotes; strict compile with the rewrite fixtures; dry run, a second run); here it runs.
    const fixture = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', `rewrite-${c.name}`);
    const input = path.join(fixture, 'input');
    const expected = migratedTree(fixture);
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
            compileTree(path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'rewrite-http-express-sessionful', 'input')),
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
