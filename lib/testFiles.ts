// Test files are not production: their calls never decide where a helper runs, and the asks written in them are
// left out of the analysis unless asked for (--include-tests). One rule for the whole tool (and the realworld runner).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ts } from 'ts-morph';
import { toPosix } from './filePaths.js';

const require = createRequire(import.meta.url);

/**
 * Conventional test paths (root-relative, posix): a `__tests__/`, `__mocks__/`, `__fixtures__/`, `test/`, `tests/`,
 * `spec/` or `e2e/` folder anywhere on the path, or a `*.test.*` / `*.spec.*` file. A bare `fixtures/` folder is not
 * one: it may hold sample servers or seed data that ship (a test's fixtures usually sit under `test/` anyway).
 */
export const TEST_PATH = /(^|\/)(__tests__|__mocks__|__fixtures__|tests?|spec|e2e)\/|\.(test|spec)\.[cm]?[jt]sx?$/;

/** Whether a root-relative path names a test file by convention. */
export function isConventionalTestPath(relativePath: string): boolean {
  return TEST_PATH.test(toPosix(relativePath));
}

/**
 * The test-file rule of a run: conventional names, plus the files the target's tsconfig leaves out of its build
 * with its own `exclude` (vitest configs, `src/**\/*.test.ts`, a `tests` folder). `tsconfig` is the one the
 * analysis reads (`--tsconfig`, else `<root>/tsconfig.json`); a tsconfig that does not load adds nothing here
 * (reading the compiler options reports it).
 */
export function testFileRule(
  typescript: typeof import('ts-morph').ts,
  root: string,
  tsconfig: string | undefined,
): (absPath: string) => boolean {
  const excluded = tsconfigExcludes(typescript, root, tsconfig);
  return (absPath) => isConventionalTestPath(path.relative(root, absPath)) || (excluded?.(absPath) ?? false);
}

/** A matcher for the files the tsconfig's own `exclude` names (patterns relative to the tsconfig's folder). */
function tsconfigExcludes(
  typescript: typeof ts,
  root: string,
  tsconfig: string | undefined,
): ((absPath: string) => boolean) | undefined {
  const configPath = tsconfig ? path.resolve(tsconfig) : path.join(root, 'tsconfig.json');
  if (!fs.existsSync(configPath)) return undefined;
  const read = typescript.readConfigFile(configPath, typescript.sys.readFile);
  const exclude = (read.config as { exclude?: unknown } | undefined)?.exclude;
  if (read.error || !Array.isArray(exclude)) return undefined;
  const patterns = exclude
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => toPosix(p).replace(/^\.\//, '').replace(/\/+$/, ''))
    // A pattern names files, or a folder and everything under it (as tsc reads `"exclude": ["tests"]`).
    .flatMap((p) => [p, `${p}/**`]);
  if (patterns.length === 0) return undefined;
  const picomatch = require('picomatch') as typeof import('picomatch');
  const matches = picomatch(patterns, { dot: true });
  const dir = path.dirname(configPath);
  return (absPath) => {
    const relative = toPosix(path.relative(dir, absPath));
    return !relative.startsWith('../') && matches(relative);
  };
}
