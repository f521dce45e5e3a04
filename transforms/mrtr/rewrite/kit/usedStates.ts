// The data behind the runtime codec's secret checks and single use (transforms/mrtr/replay/runtime/mcp-mrtr-runtime.ts
// writes them out; test/request-state-secret.test.ts keeps the two equal), and the shared store docs/safety.md shows.

/**
 * Words placeholder secrets are made of (`your-secret-here-change-me`), longest first so a longer word is removed
 * whole: a secret that is little more than these is refused.
 */
export const PLACEHOLDER_WORDS = [
  'placeholder',
  'production',
  'development',
  'changeme',
  'password',
  'example',
  'replace',
  'default',
  'staging',
  'sample',
  'secret',
  'change',
  'please',
  'before',
  'random',
  'string',
  'server',
  'dummy',
  'token',
  'value',
  'state',
  'super',
  'here',
  'your',
  'this',
  'test',
  'demo',
  'todo',
  'fake',
  'real',
  'with',
  'long',
  'prod',
  'key',
  'mcp',
  'dev',
  'for',
  'the',
  'and',
  'xxx',
  'me',
  'my',
  'it',
  'to',
  'a',
];

/** A secret keeping fewer characters than this once its placeholder words and separators are removed is refused. */
export const PLACEHOLDER_REST_CHARS = 16;

/**
 * The shared store for servers that run several instances, as docs/safety.md shows it: Redis `SET key 1 NX EX ttl`
 * answers `OK` only to the first use of a key on any instance. `send` runs one Redis command (node-redis:
 * `(command) => redis.sendCommand(command)`; ioredis: `([name, ...args]) => redis.call(name, ...args)`).
 */
export const REDIS_USED_STATES_SOURCE = `function usedStatesInRedis(send: (command: string[]) => Promise<unknown>) {
  return {
    async consume(id: string, ttlSeconds: number): Promise<boolean> {
      // SET ... NX: only the first instance to use this state gets OK; EX: Redis forgets it when the state expires.
      return (await send(['SET', \`mcp-mrtr:used-state:\${id}\`, '1', 'NX', 'EX', String(ttlSeconds)])) === 'OK';
    },
  };
}
`;
