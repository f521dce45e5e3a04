// The project as the serving rewrite sees it: the other files' texts (a server imported from one, the callers of an
// entry's functions), and the `@modelcontextprotocol/server` range that decides whether serveStdio exists.
import fs from 'node:fs';
import path from 'node:path';
import type { ServingModules } from './types.js';

/** The files the serving rewrite reads, by relative path, and how a relative import of one of them finds another (TypeScript's rules, in short). */
export function servingModules(files: Array<[string, string]>): ServingModules {
  const texts = new Map(files);
  const lookup = (fromFile: string, specifier: string) => {
    const base = path.posix.join(path.posix.dirname(fromFile), specifier);
    const stem = base.replace(/\.[mc]?js$/, '');
    const candidates = [base, ...['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'].map((ext) => stem + ext)];
    candidates.push(`${base}/index.ts`, `${base}/index.js`);
    const file = candidates.find((c) => texts.has(c));
    return file === undefined ? undefined : { file, text: texts.get(file)! };
  };
  return { lookup, texts };
}

/**
 * The `@modelcontextprotocol/server` range of the root package.json when it is a 2.0.0 prerelease (`2.0.0-alpha.2`):
 * the alphas have no `serveStdio` (it came with the betas, and 2.0.0), so a rewrite would not start.
 */
export function prereleaseServerRange(root: string): string | undefined {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  for (const section of ['dependencies', 'devDependencies', 'peerDependencies']) {
    const range = (manifest[section] as Record<string, unknown> | undefined)?.['@modelcontextprotocol/server'];
    if (typeof range === 'string' && /^[\^~=v\s]*2\.0\.0-(?:alpha|beta)\b/.test(range)) return range;
  }
  return undefined;
}
