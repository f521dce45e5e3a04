import type { FileStyle } from './codeText.js';

/** The type of a store of used states: `consume` is true the first time an id is given, false ever after (until ttl). */
export const USED_STATES_TYPE = '{ consume(id: string, ttlSeconds: number): Promise<boolean> }';

/** The error a used state is refused with (the SDK answers -32602 and reports this reason to `onerror`). */
export const STATE_USED_MESSAGE = 'requestState was already used: each state opens once';

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
 * The in-memory store of used states, in the file's style: each id is kept until its state expires, so memory holds
 * at most one TTL of states (about 100 bytes each); one process only.
 */
export function usedStatesInMemoryLines(name: string, style: FileStyle): string[] {
  const { indentUnit: u } = style;
  const end = style.semicolon ? ';' : '';
  const ts = style.typescript;
  return [
    `/**`,
    ` * The states this process has opened, each kept until it expires: consume() is true the first time. One process`,
    ` * only: servers that run several instances share a store instead (e.g. Redis \`SET key 1 NX EX ttl\`).`,
    ` */`,
    `function ${name}()${ts ? `: ${USED_STATES_TYPE}` : ''} {`,
    `${u}const expiries = new Map${ts ? '<string, number>' : ''}()${end}`,
    `${u}return {`,
    `${u}${u}async consume(id, ttlSeconds) {`,
    `${u}${u}${u}const now = Date.now()${end}`,
    `${u}${u}${u}// Ids come in expiry order (one TTL for all), so the expired ones are the oldest: drop them first.`,
    `${u}${u}${u}for (const [old, expiry] of expiries) {`,
    `${u}${u}${u}${u}if (expiry > now) break${end}`,
    `${u}${u}${u}${u}expiries.delete(old)${end}`,
    `${u}${u}${u}}`,
    `${u}${u}${u}if (expiries.has(id)) return false${end}`,
    `${u}${u}${u}expiries.set(id, now + ttlSeconds * 1000)${end}`,
    `${u}${u}${u}return true${end}`,
    `${u}${u}},`,
    `${u}}${end}`,
    `}`,
  ];
}

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
