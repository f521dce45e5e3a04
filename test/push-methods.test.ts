// The push-method table against what cannot import it: the replay runtime the user receives spells the runtime's
// asks and the request methods on its own, and the prefilter must let every call form of the table through.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mayHoldSite } from '../transforms/mrtr/prefilter.js';
import { ASK_METHODS, PUSH_KINDS, PUSH_METHOD_TABLE, RESULT_SCHEMA_KINDS } from '../transforms/mrtr/pushMethods.js';
import * as runtime from '../transforms/mrtr/replay/runtime/mcp-mrtr-runtime.js';

const RUNTIME_SOURCE = fs.readFileSync(
  fileURLToPath(new URL('../transforms/mrtr/replay/runtime/mcp-mrtr-runtime.ts', import.meta.url)),
  'utf8',
);

describe('the push-method table', () => {
  it('names exactly the asks the replay runtime exports', () => {
    expect(Object.keys(runtime.ask).sort()).toEqual([...new Set(Object.values(ASK_METHODS))].sort());
  });

  it('names exactly the request methods the replay runtime sends', () => {
    const sent = new Set([...RUNTIME_SOURCE.matchAll(/method: '([a-z]+\/[A-Za-z/]+)'/g)].map((m) => m[1]));
    expect([...sent].sort()).toEqual(
      Object.values(PUSH_KINDS)
        .map((k) => k.method)
        .sort(),
    );
  });

  it('gives every result schema its kind', () => {
    for (const [kind, { resultSchemas }] of Object.entries(PUSH_KINDS))
      for (const schema of resultSchemas) expect(RESULT_SCHEMA_KINDS[schema]).toBe(kind);
  });

  it('lets every call form and request method through the prefilter', () => {
    for (const row of PUSH_METHOD_TABLE.filter((r) => !r.commonWord))
      expect(mayHoldSite(`x.${row.name}(params)`), row.name).toBe(true);
    for (const { method, resultSchemas } of Object.values(PUSH_KINDS)) {
      expect(mayHoldSite(`x.send({ method: '${method}' })`), method).toBe(true);
      for (const schema of resultSchemas) expect(mayHoldSite(`x.send(request, ${schema})`), schema).toBe(true);
    }
  });
});
