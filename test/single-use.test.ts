// An effect confirmed once runs once: every requestState the migrated codec mints opens once. A push-style original
// could not be replayed (its asks lived in one request); a round of a migrated flow sent again (a retried request, a
// state kept by a client and answered again) must not run its effects again. Driven against the committed migrated
// outputs with the real SDK client on the 2026 era, counting effects with the fixtures' own counters.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadServerModule, rawCall2026, runMigrated2025, type Call, type RawResult } from './support/equivalence.js';
import { materializedTree, REPO_ROOT } from './support/fixtures.js';

const FIXTURES = path.join(REPO_ROOT, '__fixtures__', 'mrtr');
const INVALID_STATE = -32602;
const YES = { action: 'accept', content: { approve: true } };
const OK = { action: 'accept', content: { ok: true } };

type Module = Awaited<ReturnType<typeof loadServerModule>>;
const effects = (mod: Module) => (mod.exports?.effectCounts as () => Record<string, number>)();

/** Each of `sends` refused as an invalid state, none of them answered with a result or a new round. */
async function expectRefused(sends: Array<() => Promise<RawResult>>): Promise<void> {
  for (const send of sends) {
    const outcome = await send();
    expect(outcome.error?.code, JSON.stringify(outcome)).toBe(INVALID_STATE);
  }
}

describe('single use: a step function', () => {
  const SEND: Call = { kind: 'tool', name: 'send_money', args: { amount: 250, to: 'alice' } };
  const load = () =>
    loadServerModule(
      path.join(materializedTree(path.join(FIXTURES, 'rewrite-steps-transfer-approvals', 'output')), 'server.ts'),
      { fresh: true },
    );

  it('makes one transfer however often each round is sent again (twice, out of order, after completion)', async () => {
    const mod = await load();
    const first = await rawCall2026(mod, SEND);
    expect(Object.keys(first.inputRequests ?? {})).toEqual(['approval']);
    const second = await rawCall2026(mod, SEND, {
      inputResponses: { approval: YES },
      requestState: first.requestState!,
    });
    expect(Object.keys(second.inputRequests ?? {})).toEqual(['second']);
    const round1Again = () =>
      rawCall2026(mod, SEND, { inputResponses: { approval: YES }, requestState: first.requestState! });
    const round2Again = () =>
      rawCall2026(mod, SEND, { inputResponses: { second: YES }, requestState: second.requestState! });
    // Out of order: the first round sent again while the second is pending.
    await expectRefused([round1Again]);
    const done = await round2Again();
    expect(done.content).toEqual([{ type: 'text', text: 'Sent 250 to alice; 1 transfer(s) so far.' }]);
    expect(effects(mod).transfers).toBe(1);
    // The final round sent twice more, and the first round after completion.
    await expectRefused([round2Again, round2Again, round1Again, round1Again]);
    expect(effects(mod).transfers).toBe(1);
    // A new call is a new flow: it asks again from the start, and its own approvals make its own transfer.
    const again = await rawCall2026(mod, SEND);
    expect(Object.keys(again.inputRequests ?? {})).toEqual(['approval']);
    expect(effects(mod).transfers).toBe(1);
  });

  it('still completes through the client loop on the 2026 era and through the SDK shim on the 2025 era', async () => {
    const mod = await load();
    const { runMigrated2026 } = await import('./support/equivalence.js');
    const script = { elicit: () => YES as never };
    const modern = await runMigrated2026(mod, [SEND], script);
    expect(JSON.stringify(modern.results[0])).toContain('1 transfer(s) so far');
    const legacy = await runMigrated2025(mod, [SEND], script, { client: 'v2' });
    expect(JSON.stringify(legacy.results[0])).toContain('2 transfer(s) so far');
    expect(legacy.questions).toHaveLength(2);
    expect(effects(mod).transfers).toBe(2);
  });
});

describe('single use: a replayed handler with journaled steps', () => {
  const ORDER: Call = { kind: 'tool', name: 'order', args: { item: 'bolts', quantity: 3 } };
  const load = () =>
    loadServerModule(
      path.join(materializedTree(path.join(FIXTURES, 'rewrite-replay-journal-quote-book', 'output')), 'server.ts'),
      { fresh: true },
    );

  it('opens one quote and takes one order however often each round is sent again', async () => {
    const mod = await load();
    const first = await rawCall2026(mod, ORDER);
    expect(Object.keys(first.inputRequests ?? {})).toEqual(['elicit_1']);
    expect(effects(mod)).toEqual({ opened: 1, closed: 0, orders: 0 });
    const round1 = () =>
      rawCall2026(mod, ORDER, { inputResponses: { elicit_1: OK }, requestState: first.requestState! });
    const second = await round1();
    expect(Object.keys(second.inputRequests ?? {})).toEqual(['elicit_2']);
    expect(effects(mod)).toEqual({ opened: 1, closed: 0, orders: 1 });
    const round2 = () =>
      rawCall2026(mod, ORDER, { inputResponses: { elicit_2: OK }, requestState: second.requestState! });
    // The first round's state sent again while the second is pending: it would take a second order on the quote.
    await expectRefused([round1, round1]);
    const done = await round2();
    expect(done.content).toEqual([{ type: 'text', text: 'Order 1 on quote Q-1, express.' }]);
    // After completion: the last round twice, and the first one answered again, with another answer too.
    const declined = () =>
      rawCall2026(mod, ORDER, {
        inputResponses: { elicit_1: { action: 'decline' } },
        requestState: first.requestState!,
      });
    await expectRefused([round2, round2, round1, declined]);
    expect(effects(mod)).toEqual({ opened: 1, closed: 0, orders: 1 });
  });

  it('still completes through the SDK shim on the 2025 era, each round verified once', async () => {
    const mod = await load();
    const legacy = await runMigrated2025(mod, [ORDER], { elicit: () => OK as never }, { client: 'v2' });
    expect(JSON.stringify(legacy.results[0])).toContain('Order 1 on quote Q-1, express.');
    expect(effects(mod)).toEqual({ opened: 1, closed: 0, orders: 1 });
  });
});
