// The requestState secret as a migrated server reads it: a 2025-era HTTP session keeps working without it (its states
// never leave the process: the SDK's shim asks the client itself), a 2026-era HTTP request that needs a state is
// refused, and a placeholder left in the environment is refused like a short or guessable secret while random
// secrets (base64, base64url, hex) are accepted. Driven against committed migrated outputs with real SDK clients.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLACEHOLDER_REST_CHARS, PLACEHOLDER_WORDS } from '../transforms/mrtr/rewrite/kit/usedStates.js';
import { loadServerModule, rawCall2026, runMigratedOverHttp, type Call } from './support/equivalence.js';
import { materializedTree, REPO_ROOT } from './support/fixtures.js';

const FIXTURES = path.join(REPO_ROOT, '__fixtures__', 'mrtr');
const ORDER: Call = { kind: 'tool', name: 'order', args: { item: 'bolts', quantity: 3 } };
const OK = { action: 'accept', content: { ok: true } };
const BOOK: Call = { kind: 'tool', name: 'book_table', args: { restaurant: 'Chez Ada' } };

const loadQuoteBook = () =>
  loadServerModule(
    path.join(materializedTree(path.join(FIXTURES, 'rewrite-replay-journal-quote-book', 'output')), 'server.ts'),
    { fresh: true },
  );
const loadBookings = () =>
  loadServerModule(
    path.join(materializedTree(path.join(FIXTURES, 'rewrite-steps-dependent-elicitations', 'output')), 'server.ts'),
    { fresh: true },
  );

let saved: string | undefined;
beforeEach(() => {
  saved = process.env.MCP_REQUEST_STATE_SECRET;
});
afterEach(() => {
  process.env.MCP_REQUEST_STATE_SECRET = saved;
  vi.restoreAllMocks();
});

describe('no MCP_REQUEST_STATE_SECRET, over HTTP', () => {
  it('serves a 2025-era session (a replayed helper asks through the shim) and refuses a 2026-era request', async () => {
    delete process.env.MCP_REQUEST_STATE_SECRET;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const mod = await loadQuoteBook();
    const script = { elicit: () => OK as never };
    const legacy = await runMigratedOverHttp(mod, '2025', [ORDER], script, { wiring: 'sessionful-legacy' });
    expect(legacy.results).toEqual([{ content: [{ type: 'text', text: 'Order 1 on quote Q-1, express.' }] }]);
    expect(legacy.questions).toHaveLength(2);
    // The same server, a 2026-era client: its state could reach another instance, so the request says why it fails.
    const modern = await runMigratedOverHttp(mod, '2026', [ORDER], script, { wiring: 'sessionful-legacy' });
    expect(JSON.stringify(modern.results)).toMatch(
      /MCP_REQUEST_STATE_SECRET is not set: 2026-era multi-round requests/,
    );
    expect(modern.questions).toHaveLength(0);
  });
});

describe('placeholder secrets', () => {
  const PLACEHOLDERS = [
    'your-secret-here-change-me-before-prod',
    'replace-with-a-long-random-string!!',
    'my-super-secret-mcp-state-key-for-production',
    'CHANGE_ME_PLEASE_this_is_the_default_secret',
  ];

  it('are refused with the reason, after one warning at startup', async () => {
    for (const secret of PLACEHOLDERS) {
      process.env.MCP_REQUEST_STATE_SECRET = secret;
      const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
      const mod = await loadBookings();
      const refusal = /MCP_REQUEST_STATE_SECRET is a placeholder .*openssl rand -base64 32/;
      expect(
        warn.mock.calls.filter((c) => refusal.test(String(c[0]))),
        secret,
      ).toHaveLength(1);
      warn.mockRestore();
      const first = await rawCall2026(mod, BOOK);
      expect(first.isError, secret).toBe(true);
      expect(JSON.stringify(first), secret).toMatch(refusal);
    }
  });

  it('random secrets are accepted: base64, base64url and hex of 32 random bytes', async () => {
    const bytes = crypto.createHash('sha256').update('a fixed seed: the test is deterministic').digest();
    for (const secret of [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex')]) {
      process.env.MCP_REQUEST_STATE_SECRET = secret;
      const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
      const mod = await loadBookings();
      expect(warn, secret).not.toHaveBeenCalled();
      warn.mockRestore();
      const first = await rawCall2026(mod, BOOK);
      expect(first.resultType, secret).toBe('input_required');
    }
  });

  it('the placeholder rule leaves random secrets alone: 30,000 seeded ones, none refused', () => {
    // The rule the generated code applies, from the same words: what is left without them and separators.
    const words = new RegExp(`${PLACEHOLDER_WORDS.join('|')}|[^a-z0-9]`, 'gi');
    const refused: string[] = [];
    for (let n = 0; n < 10_000; n++) {
      const bytes = crypto.createHash('sha256').update(`seed ${n}`).digest();
      for (const secret of [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex')])
        if (secret.replace(words, '').length < PLACEHOLDER_REST_CHARS) refused.push(secret);
    }
    expect(refused).toEqual([]);
    for (const secret of PLACEHOLDERS)
      expect(secret.replace(words, '').length, secret).toBeLessThan(PLACEHOLDER_REST_CHARS);
    // The runtime module applies exactly this rule.
    const runtime = fs.readFileSync(
      path.join(REPO_ROOT, 'transforms', 'mrtr', 'replay', 'runtime', 'mcp-mrtr-runtime.ts'),
      'utf8',
    );
    expect(runtime).toContain(
      `value.replace(/${PLACEHOLDER_WORDS.join('|')}|[^a-z0-9]/gi, '').length < ${PLACEHOLDER_REST_CHARS}`,
    );
  });
});
