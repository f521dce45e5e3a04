// A state belongs to one handler and one call: a state of another shape (a replayed handler's, given to a step
// function of the same server) is no state at all; a state minted for one resource URI does not complete a read of
// another; and everything the client sent in the arguments binds the state, nested `_meta` keys included (only the
// request's own round fields are left out). Driven with the real SDK client on the 2026 era.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayRuntimeSource } from '../transforms/mrtr/replay/replayRuntime.js';
import { loadServerModule, rawCall2026, type Call } from './support/equivalence.js';
import { materializedTree, REPO_ROOT } from './support/fixtures.js';

const FIXTURES = path.join(REPO_ROOT, '__fixtures__', 'mrtr');

describe('a state of another shape', () => {
  it("is treated as absent by a step function given a replayed handler's state of the same server", async () => {
    const tree = materializedTree(path.join(FIXTURES, 'rewrite-replay-beside-steps', 'output'));
    const mod = await loadServerModule(path.join(tree, 'server.ts'), { fresh: true });
    const hotel = await rawCall2026(mod, {
      kind: 'tool',
      name: 'book_hotel',
      args: { hotel: 'Casa Azul', amount: 240 },
    });
    expect(hotel.resultType).toBe('input_required');
    const trip = await rawCall2026(
      mod,
      { kind: 'tool', name: 'plan_trip', args: { city: 'Lisbon' } },
      {
        inputResponses: { when: { action: 'accept', content: { date: '2027-04-02' } } },
        requestState: hotel.requestState!,
      },
    );
    expect(JSON.stringify(trip)).not.toMatch(/Cannot read properties/);
    expect(trip.isError).toBeUndefined();
    // Asked from the start: the answer sent along is not taken for the question it was never asked.
    expect(Object.keys(trip.inputRequests ?? {})).toEqual(['when']);
  });
});

describe('a resource read binds its state to the URI itself', () => {
  const SEC7: Call = { kind: 'resource', uri: 'tickets://SEC-7' };
  const OTHER: Call = { kind: 'resource', uri: 'tickets://SEC-7-other' };
  const WHO = { action: 'accept', content: { name: 'ada' } };
  const WHY = { action: 'accept', content: { reason: 'audit' } };

  it('a low-level resources/read step function: a state minted for one URI starts a read of another afresh', async () => {
    const mod = await loadServerModule(
      path.join(materializedTree(path.join(FIXTURES, 'rewrite-steps-low-level-resource', 'output')), 'server.ts'),
      {
        fresh: true,
      },
    );
    const first = await rawCall2026(mod, SEC7);
    const second = await rawCall2026(mod, SEC7, { inputResponses: { who: WHO }, requestState: first.requestState! });
    expect(Object.keys(second.inputRequests ?? {})).toEqual(['why']);
    const other = await rawCall2026(mod, OTHER, { inputResponses: { why: WHY }, requestState: second.requestState! });
    expect(other.contents).toBeUndefined();
    expect(Object.keys(other.inputRequests ?? {})).toEqual(['who']);
    // Its own URI completes.
    const again = await rawCall2026(mod, SEC7);
    const own = await rawCall2026(mod, SEC7, { inputResponses: { who: WHO }, requestState: again.requestState! });
    const done = await rawCall2026(mod, SEC7, { inputResponses: { why: WHY }, requestState: own.requestState! });
    expect(done.contents).toEqual([{ uri: 'tickets://SEC-7', text: 'Rotate the signing keys. (read by ada: audit)' }]);
  });
});

// A replayed server on the generated runtime: a tool whose arguments nest a `_meta`, and a low-level resources/read.
const REPLAYED = `import { McpServer, Server, createRequestStateCodec } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, withAsks } from './mcp-mrtr-runtime.js';

const codec = createRequestStateCodec({ key: process.env.MCP_REQUEST_STATE_SECRET ?? '', bind: (ctx) => ctx.mcpReq.method });
const CONFIRM = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } as const;
const confirm = async (message: string) => (await ask.elicitInput({ message, requestedSchema: CONFIRM })).action === 'accept';

export function build() {
  const server = new McpServer({ name: 'bank', version: '1.0.0' }, { requestState: { verify: codec.verify } });
  const target = z.object({ account: z.string(), _meta: z.string().optional() });
  server.registerTool('pay', { inputSchema: z.object({ target }) }, withAsks(server.server, codec, async ({ target }) => {
    // The question does not name the account: only the state's binding to the arguments tells two calls apart.
    return { content: [{ type: 'text' as const, text: (await confirm('Pay?')) ? 'paid ' + JSON.stringify(target) : 'kept' }] };
  }, { name: 'pay' }));
  return server;
}

export function buildLowLevel() {
  const server = new Server({ name: 'tickets', version: '1.0.0' }, { capabilities: { resources: {} }, requestState: { verify: codec.verify } });
  server.setRequestHandler('resources/read', withAsks(server, codec, async (request) => {
    const ok = await confirm('Read it?');
    return { contents: [{ uri: request.params.uri, text: ok ? 'read ' + request.params.uri : 'not read' }] };
  }));
  return server;
}
`;

async function loadReplayed(entry: 'build' | 'buildLowLevel') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-binding-'));
  fs.writeFileSync(path.join(dir, 'mcp-mrtr-runtime.ts'), replayRuntimeSource({ typescript: true, module: 'esm' }));
  fs.writeFileSync(path.join(dir, 'server.ts'), REPLAYED);
  const mod = await loadServerModule(path.join(dir, 'server.ts'), { fresh: true });
  return { ...mod, build: mod.exports![entry] as typeof mod.build };
}

describe('a replayed call digest', () => {
  const OK = { action: 'accept', content: { ok: true } };

  it('binds nested `_meta` keys of the arguments: a state for one nested value does not complete another', async () => {
    const mod = await loadReplayed('build');
    const alice: Call = { kind: 'tool', name: 'pay', args: { target: { account: 'alice', _meta: 'x' } } };
    const first = await rawCall2026(mod, alice);
    expect(Object.keys(first.inputRequests ?? {})).toEqual(['elicit_1']);
    for (const args of [{ target: { account: 'mallory', _meta: 'x' } }, { target: { account: 'alice', _meta: 'y' } }]) {
      const other = await rawCall2026(
        mod,
        { kind: 'tool', name: 'pay', args },
        { inputResponses: { elicit_1: OK }, requestState: first.requestState! },
      );
      expect({ args, asked: Object.keys(other.inputRequests ?? {}) }).toEqual({ args, asked: ['elicit_1'] });
    }
    const own = await rawCall2026(mod, alice, { inputResponses: { elicit_1: OK }, requestState: first.requestState! });
    expect(own.content).toEqual([{ type: 'text', text: 'paid {"account":"alice","_meta":"x"}' }]);
  });

  it("a low-level handler: its request's own _meta may change between rounds, its URI may not", async () => {
    const mod = await loadReplayed('buildLowLevel');
    const first = await rawCall2026(mod, { kind: 'resource', uri: 'tickets://SEC-7' });
    const other = await rawCall2026(
      mod,
      { kind: 'resource', uri: 'tickets://SEC-7-other' },
      { inputResponses: { elicit_1: OK }, requestState: first.requestState! },
    );
    expect(Object.keys(other.inputRequests ?? {})).toEqual(['elicit_1']);
    const own = await rawCall2026(
      mod,
      { kind: 'resource', uri: 'tickets://SEC-7' },
      { inputResponses: { elicit_1: OK }, requestState: first.requestState!, _meta: { progressToken: 'round-2' } },
    );
    expect(own.contents).toEqual([{ uri: 'tickets://SEC-7', text: 'read tickets://SEC-7' }]);
  });
});
