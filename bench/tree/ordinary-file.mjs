// Ordinary TypeScript files of the bench tree: a record type, a service class with varied methods,
// imports of earlier files; in 2% of them, classes whose method names collide with the SDK's.
import { NOUNS, VERBS, camel, pascal, relImport, upper } from './shared.mjs';

/** Methods of an ordinary service class; `name` is a unique base name, `deps` the imported modules. */
function serviceMethods(rnd, base, deps, count) {
  const rec = `${pascal(base)}Record`;
  const out = [];
  const used = new Set(['add', 'find', 'all', 'size', 'remove']);
  for (let i = 0; i < count; i++) {
    let name;
    do name = `${rnd.pick(VERBS)}${rnd.pick(NOUNS)}`;
    while (used.has(name));
    used.add(name);
    const dep = deps.length > 0 && rnd.chance(0.5) ? rnd.pick(deps) : null;
    const shape = rnd.int(0, 5);
    out.push(...METHOD_SHAPES[shape]({ rnd, name, rec, base, dep }));
    out.push('');
  }
  return out;
}

// The method shapes, by the number drawn for each method; `dep` is an imported module or null.

function sumScores({ rnd, name, dep }) {
  return [
    `  ${name}(limit = ${rnd.int(2, 50)}): number {`,
    '    let total = 0;',
    '    for (const item of this.items.values()) {',
    '      if (item.score > limit) {',
    '        total += item.score;',
    '      } else if (item.tags.length > 0) {',
    '        total += item.tags.length;',
    '      }',
    '    }',
    dep ? `    return total + this.${camel(dep.base)}.size();` : '    return total;',
    '  }',
  ];
}

function copyByIds({ name, rec }) {
  return [
    `  async ${name}(ids: string[]): Promise<${rec}[]> {`,
    `    const found: ${rec}[] = [];`,
    '    for (const id of ids) {',
    '      const item = this.find(id);',
    '      if (!item) continue;',
    '      await Promise.resolve();',
    '      found.push({ ...item, updatedAt: new Date(item.updatedAt.getTime()) });',
    '    }',
    '    return found;',
    '  }',
  ];
}

function rankByPrefix({ name, base, dep }) {
  return [
    `  ${name}(prefix: string): string[] {`,
    '    return this.all()',
    `      .filter((item) => item.name.startsWith(${dep ? `normalize${pascal(dep.base)}(prefix)` : 'prefix'}))`,
    '      .sort((a, b) => b.score - a.score)',
    `      .slice(0, ${upper(base)}_LIMIT)`,
    '      .map((item) => item.id);',
    '  }',
  ];
}

function countTags({ name }) {
  return [
    `  ${name}(): Map<string, number> {`,
    '    const byTag = new Map<string, number>();',
    '    for (const item of this.items.values()) {',
    '      for (const tag of item.tags) {',
    '        byTag.set(tag, (byTag.get(tag) ?? 0) + 1);',
    '      }',
    '    }',
    '    return byTag;',
    '  }',
  ];
}

function pruneOld({ name }) {
  return [
    `  ${name}(maxAgeMs: number, now = Date.now()): number {`,
    '    let removed = 0;',
    '    for (const [id, item] of this.items) {',
    '      if (now - item.updatedAt.getTime() > maxAgeMs) {',
    '        this.items.delete(id);',
    '        removed++;',
    '      }',
    '    }',
    '    return removed;',
    '  }',
  ];
}

function upsertRecord({ name, rec, dep }) {
  return [
    `  ${name}(input: Partial<${rec}>): ${rec} {`,
    '    const id = input.id ?? `${this.items.size + 1}`;',
    `    const record: ${rec} = {`,
    '      id,',
    `      name: ${dep ? `normalize${pascal(dep.base)}(input.name ?? id)` : 'input.name ?? id'},`,
    '      score: Math.max(0, input.score ?? 0),',
    '      tags: [...(input.tags ?? [])],',
    '      updatedAt: new Date(),',
    '    };',
    '    this.add(record);',
    '    return record;',
    '  }',
  ];
}

const METHOD_SHAPES = [sumScores, copyByIds, rankByPrefix, countTags, pruneOld, upsertRecord];

/** Look-alike members: method names that collide with the SDK's, on objects that are not MCP. */
function lookalikeBlock(rnd, base) {
  const P = pascal(base);
  const variants = rnd.shuffle(['mail', 'tree', 'rpc', 'channel']).slice(0, rnd.int(2, 3));
  const lines = [];
  const uses = [];
  for (const [variant, block] of LOOKALIKE_BLOCKS) {
    if (!variants.includes(variant)) continue;
    const part = block(P);
    lines.push(...part.lines);
    uses.push(...part.uses);
  }
  return { lines, uses };
}

// Each look-alike: its declarations (`lines`) and the service members that use them (`uses`).

function mailClient(P) {
  const lines = [
    `export class ${P}MailClient {`,
    '  constructor(private readonly baseUrl: string) {}',
    '',
    '  async request(route: string, body: unknown): Promise<{ status: number; route: string }> {',
    '    await Promise.resolve(body);',
    '    return { status: 202, route: `${this.baseUrl}${route}` };',
    '  }',
    '',
    '  async createMessage(to: string, subject: string): Promise<{ id: string }> {',
    "    const res = await this.request('/messages', { to, subject });",
    '    return { id: `${res.status}:${to}:${subject}` };',
    '  }',
    '}',
    '',
  ];
  const uses = [
    `  async notifyOwner(owner: string): Promise<string> {`,
    `    const server = new ${P}MailClient('https://mail.internal');`,
    "    const message = await server.createMessage(owner, 'weekly digest');",
    "    await server.request('/flush', { ids: [message.id] });",
    '    return message.id;',
    '  }',
    '',
  ];
  return { lines, uses };
}

function folderTree(P) {
  const lines = [
    `export class ${P}FolderTree {`,
    '  constructor(private readonly paths: string[]) {}',
    '',
    '  listRoots(): string[] {',
    "    return [...new Set(this.paths.map((p) => p.split('/')[0] ?? p))];",
    '  }',
    '}',
    '',
  ];
  const uses = [
    '  topFolders(): string[] {',
    `    const tree = new ${P}FolderTree(this.all().map((item) => item.name));`,
    '    return tree.listRoots();',
    '  }',
    '',
  ];
  return { lines, uses };
}

function jsonRpcPeer(P) {
  const lines = [
    `export class ${P}JsonRpcPeer {`,
    '  private nextId = 1;',
    '',
    '  async request(message: { method: string; params?: Record<string, unknown> }): Promise<{ id: number; method: string }> {',
    '    return { id: this.nextId++, method: message.method };',
    '  }',
    '}',
    '',
  ];
  const uses = [
    '  async pingPeer(): Promise<number> {',
    `    const rpc = new ${P}JsonRpcPeer();`,
    "    const res = await rpc.request({ method: 'roots/list', params: {} });",
    '    return res.id;',
    '  }',
    '',
  ];
  return { lines, uses };
}

function extraChannel(P) {
  const lines = [
    `export interface ${P}Extra {`,
    '  sendRequest(req: { method: string; params: unknown }): Promise<unknown>;',
    '  signal?: AbortSignal;',
    '}',
    '',
    `export async function dispatch${P}(job: string, extra: ${P}Extra): Promise<unknown> {`,
    "  return extra.sendRequest({ method: 'jobs/run', params: { job } });",
    '}',
    '',
  ];
  return { lines, uses: [] };
}

const LOOKALIKE_BLOCKS = [
  ['mail', mailClient],
  ['tree', folderTree],
  ['rpc', jsonRpcPeer],
  ['channel', extraChannel],
];

export function ordinaryFile(rnd, file, deps, lookalike) {
  const base = file.base;
  const P = pascal(base);
  const out = [];
  for (const dep of deps) {
    out.push(
      `import { normalize${pascal(dep.base)}, ${pascal(dep.base)}Service } from '${relImport(file.path, dep.path)}';`,
    );
  }
  if (deps.length > 0) out.push('');
  const look = lookalike ? lookalikeBlock(rnd, base) : { lines: [], uses: [] };
  out.push(
    `export interface ${P}Record {`,
    '  id: string;',
    '  name: string;',
    '  score: number;',
    '  tags: string[];',
    '  updatedAt: Date;',
    '}',
    '',
    `export const ${upper(base)}_LIMIT = ${rnd.int(5, 500)};`,
    '',
    `export function normalize${P}(input: string): string {`,
    "  return input.trim().toLowerCase().replace(/\\s+/g, '-');",
    '}',
    '',
  );
  if (rnd.chance(0.4)) {
    out.push(
      `export function is${P}Record(value: unknown): value is ${P}Record {`,
      "  if (typeof value !== 'object' || value === null) return false;",
      '  const v = value as Partial<Record<string, unknown>>;',
      "  return typeof v.id === 'string' && typeof v.name === 'string' && typeof v.score === 'number';",
      '}',
      '',
    );
  }
  out.push(...look.lines);
  out.push(`export class ${P}Service {`, `  private readonly items = new Map<string, ${P}Record>();`);
  for (const dep of deps) out.push(`  private readonly ${camel(dep.base)} = new ${pascal(dep.base)}Service();`);
  out.push(
    '',
    `  add(record: ${P}Record): void {`,
    '    this.items.set(record.id, record);',
    '  }',
    '',
    `  find(id: string): ${P}Record | undefined {`,
    '    return this.items.get(id);',
    '  }',
    '',
    `  all(): ${P}Record[] {`,
    '    return [...this.items.values()];',
    '  }',
    '',
    '  size(): number {',
    '    return this.items.size;',
    '  }',
    '',
  );
  out.push(...serviceMethods(rnd, base, deps, rnd.int(2, 9)));
  out.push(...look.uses);
  if (out[out.length - 1] === '') out.pop();
  out.push('}', '');
  return out.join('\n');
}
