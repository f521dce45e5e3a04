// A package of a monorepo made installable on its own, as a user who copies it out would: `catalog:` dependencies
// (pnpm's catalogs) get the range the workspace's catalog names, `workspace:` dependencies get the package's own
// range (published packages) or a `file:` link (the repository's private packages, made standalone in turn), and a
// development dependency on a workspace package the snapshot does not hold is left out. What was changed is
// returned, so the row says it; the project's code is never touched.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
const SKIP = new Set(['node_modules', '.git', 'dist', 'build']);

/** Rewrites `<repo>/<installDir>/package.json` (and the private packages it links); returns notes, [] if nothing. */
export function makeStandalone(repo, installDir) {
  const start = path.join(repo, installDir, 'package.json');
  if (!existsSync(start) || !/"(workspace|catalog):/.test(readFileSync(start, 'utf8'))) return [];
  const packages = packagesOf(repo);
  const catalogs = catalogsOf(path.join(repo, 'pnpm-workspace.yaml'));
  const notes = [];
  const done = new Set();
  const visit = (file) => {
    if (done.has(file)) return;
    done.add(file);
    const text = readFileSync(file, 'utf8');
    const manifest = JSON.parse(text);
    let changed = false;
    for (const section of SECTIONS) {
      for (const [name, spec] of Object.entries(manifest[section] ?? {})) {
        if (typeof spec !== 'string') continue;
        const next = resolveSpec(name, spec, section, { file, packages, catalogs, visit });
        if (next === spec) continue;
        changed = true;
        if (next === undefined) {
          delete manifest[section][name];
          notes.push(
            `${path.relative(repo, file)}: ${section} ${name} (${spec}) left out: not in this snapshot or its catalogs`,
          );
        } else manifest[section][name] = next;
      }
    }
    if (changed) writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  };
  visit(start);
  if (done.size > 0 && notes.length === 0) notes.push('workspace: and catalog: dependencies resolved');
  return notes;
}

function resolveSpec(name, spec, section, { file, packages, catalogs, visit }) {
  if (spec.startsWith('catalog:')) {
    const catalog = spec.slice('catalog:'.length) || 'default';
    return catalogs.get(catalog)?.get(name) ?? (section === 'devDependencies' ? undefined : spec);
  }
  if (!spec.startsWith('workspace:')) return spec;
  const target = packages.get(name);
  if (!target) return section === 'devDependencies' ? undefined : spec;
  if (target.private) {
    visit(path.join(target.dir, 'package.json'));
    const relative = path.relative(path.dirname(file), target.dir).split(path.sep).join('/');
    return `file:${relative.startsWith('.') ? relative : `./${relative}`}`;
  }
  // A published package: its own version as a range (`workspace:~` keeps the tilde, a written range stays).
  const range = spec.slice('workspace:'.length);
  if (range === '~') return `~${target.version}`;
  return range === '*' || range === '^' || range === '' ? `^${target.version}` : range;
}

/** Every package of the repository by name (depth 6, build outputs and installs skipped). */
function packagesOf(repo) {
  const packages = new Map();
  const walk = (dir, depth) => {
    let names;
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of names) {
      if (entry.isFile() && entry.name === 'package.json') {
        try {
          const manifest = JSON.parse(readFileSync(path.join(dir, entry.name), 'utf8'));
          if (typeof manifest.name === 'string' && !packages.has(manifest.name))
            packages.set(manifest.name, {
              dir,
              version: manifest.version ?? '0.0.0',
              private: manifest.private === true,
            });
        } catch {
          // Not a manifest the workspace can use.
        }
      } else if (entry.isDirectory() && depth > 0 && !SKIP.has(entry.name) && !entry.name.startsWith('.'))
        walk(path.join(dir, entry.name), depth - 1);
    }
  };
  walk(repo, 6);
  return packages;
}

/**
 * pnpm's catalogs: `catalog:` (the default) and `catalogs: { <name>: {...} }`, read from the workspace file's
 * indentation (keys and plain or quoted scalar values: all a catalog holds).
 */
export function catalogsOf(file) {
  const catalogs = new Map();
  if (!existsSync(file)) return catalogs;
  let section; // 'catalog' | 'catalogs' | undefined
  let current; // the Map being filled
  let nameIndent = -1;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/\s+#.*$/, '');
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    const match = /^\s*(['"]?)([^'":]+(?::[^'":\s]+)?)\1\s*:\s*(.*)$/.exec(line);
    if (indent === 0) {
      section = match?.[2] === 'catalog' ? 'catalog' : match?.[2] === 'catalogs' ? 'catalogs' : undefined;
      current = section === 'catalog' ? ensure(catalogs, 'default') : undefined;
      nameIndent = -1;
      continue;
    }
    if (!section || !match) continue;
    const [, , key, value] = match;
    if (section === 'catalogs' && !value) {
      if (nameIndent === -1) nameIndent = indent;
      if (indent === nameIndent) current = ensure(catalogs, key.trim());
      continue;
    }
    if (current && value) current.set(key.trim(), value.trim().replace(/^(['"])(.*)\1$/, '$2'));
  }
  return catalogs;
}

function ensure(map, key) {
  if (!map.has(key)) map.set(key, new Map());
  return map.get(key);
}
