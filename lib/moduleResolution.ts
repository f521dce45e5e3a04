// Module resolution of the analysis, without node_modules: relative specifiers to the analysed files (`./x.js` ->
// `./x.ts`, `./x`, `./x/index.ts`), as TypeScript's NodeNext and bundlers resolve them.
import path from 'node:path';
import { ts } from './tsMorph.cjs';

const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const JS_TO_TS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.jsx': ['.tsx', '.jsx'],
  '.mjs': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
};

const KNOWN_EXTENSIONS: Record<string, ts.Extension> = {
  '.ts': ts.Extension.Ts,
  '.tsx': ts.Extension.Tsx,
  '.mts': ts.Extension.Mts,
  '.cts': ts.Extension.Cts,
  '.js': ts.Extension.Js,
  '.jsx': ts.Extension.Jsx,
  '.mjs': ts.Extension.Mjs,
  '.cjs': ts.Extension.Cjs,
};

export function extensionOf(file: string): ts.Extension {
  return KNOWN_EXTENSIONS[path.extname(file)] ?? ts.Extension.Ts;
}

/**
 * `path.resolve(dir, specifier)` for an absolute, normalized posix `dir` and a specifier that starts with `./` or
 * `../` steps (the usual import), without path.resolve's general normalization (a third of a large tree's
 * link scan); anything else (`a/./b`, `a//b`, a trailing slash) goes to path.resolve.
 */
export function resolveDotted(dir: string, specifier: string): string {
  let base = dir;
  let rest = specifier;
  for (;;) {
    if (rest === '' || rest === '.') return base;
    if (rest === '..') return path.dirname(base);
    if (rest.startsWith('./')) rest = rest.slice(2);
    else if (rest.startsWith('../')) {
      base = path.dirname(base);
      rest = rest.slice(3);
    } else break;
  }
  if (rest.startsWith('.') || rest.startsWith('/') || rest.includes('/.') || rest.includes('//') || rest.endsWith('/'))
    return path.resolve(dir, specifier);
  return base === '/' ? `/${rest}` : `${base}/${rest}`;
}

/** The first of the paths `base` may name as a module (`./x.js` -> `./x.ts`, `./x`, `./x/index.ts`) that `exists`. */
export function firstModuleCandidate(base: string, exists: (candidate: string) => boolean): string | undefined {
  const ext = path.extname(base);
  const mapped = JS_TO_TS[ext];
  if (mapped) {
    const stem = base.slice(0, -ext.length);
    for (const m of mapped) if (exists(stem + m)) return stem + m;
  }
  if (RESOLVE_EXTENSIONS.includes(ext) && exists(base)) return base;
  for (const e of RESOLVE_EXTENSIONS) if (exists(base + e)) return base + e;
  for (const e of RESOLVE_EXTENSIONS) {
    const index = path.join(base, 'index' + e);
    if (exists(index)) return index;
  }
  return undefined;
}
