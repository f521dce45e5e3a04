// Seeded randomness and naming shared by the tree generator's templates.
import path from 'node:path';

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makeRandom(seed) {
  const next = mulberry32(seed);
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const shuffle = (list) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  return { next, int, pick, shuffle, chance: (p) => next() < p };
}

export const PACKAGES = [
  'billing',
  'catalog',
  'accounts',
  'search',
  'notifications',
  'reporting',
  'inventory',
  'shipping',
  'identity',
  'analytics',
  'media',
  'scheduler',
];
export const AREAS = [
  'services',
  'domain',
  'adapters',
  'jobs',
  'api',
  'utils',
  'models',
  'handlers',
  'storage',
  'workflows',
  'integrations',
  'config',
];
export const SUBAREAS = [
  'internal',
  'v2',
  'legacy',
  'common',
  'cache',
  'queue',
  'http',
  'events',
  'rules',
  'mappers',
  'validation',
  'export',
];
export const WORDS_A = [
  'invoice',
  'order',
  'customer',
  'ledger',
  'payment',
  'product',
  'price',
  'tax',
  'refund',
  'session',
  'token',
  'audit',
  'report',
  'metric',
  'event',
  'batch',
  'upload',
  'asset',
  'thumbnail',
  'schedule',
  'shift',
  'route',
  'parcel',
  'carrier',
  'stock',
  'warehouse',
  'supplier',
  'contract',
  'quota',
  'tenant',
  'profile',
  'address',
  'search',
  'index',
  'query',
  'facet',
  'email',
  'digest',
  'template',
  'webhook',
  'retry',
  'cursor',
  'snapshot',
  'feature',
  'flag',
  'budget',
  'forecast',
  'coupon',
];
export const WORDS_B = [
  'store',
  'service',
  'mapper',
  'builder',
  'resolver',
  'policy',
  'registry',
  'queue',
  'worker',
  'cache',
  'client',
  'gateway',
  'factory',
  'validator',
  'formatter',
  'parser',
  'tracker',
  'planner',
  'scanner',
  'loader',
  'writer',
  'reader',
  'monitor',
  'router',
  'ledger',
  'calculator',
  'matcher',
  'collector',
  'adapter',
  'manager',
];
export const VERBS = [
  'refresh',
  'compute',
  'collect',
  'reconcile',
  'prune',
  'merge',
  'rank',
  'flush',
  'rebuild',
  'sync',
  'score',
  'archive',
  'expand',
  'settle',
  'tally',
  'sweep',
];
export const NOUNS = [
  'Totals',
  'Entries',
  'Window',
  'Backlog',
  'Batch',
  'Snapshot',
  'Counters',
  'Pending',
  'Stale',
  'Buckets',
  'Tags',
  'Deltas',
];

export const pascal = (s) => s.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
export const camel = (s) => pascal(s).replace(/^./, (c) => c.toLowerCase());
export const upper = (s) => s.replace(/-/g, '_').toUpperCase();

export function relImport(fromFile, toFile) {
  let rel = path.posix.relative(path.posix.dirname(fromFile), toFile).replace(/\.ts$/, '.js');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}
