import fs from 'node:fs';
import path from 'node:path';
import type { ts } from 'ts-morph';
import { UsageError } from './usageError.js';

/**
 * The compiler options the analysis parses with: `--tsconfig`, else `<root>/tsconfig.json` when present, else none.
 * A tsconfig that fails to load (invalid JSON, an `extends` that is not found, invalid compiler options) is a usage
 * error naming the file and the problem: the analysis never goes on silently with other options than the project's.
 * One exception keeps a fresh clone working: an `extends` of a package (`@tsconfig/node20/tsconfig.json`) when no
 * `node_modules` folder is above the tsconfig (the dependencies are not installed) is left out.
 */
export function readCompilerOptions(
  ts: typeof import('ts-morph').ts,
  root: string,
  tsconfig: string | undefined,
): ts.CompilerOptions {
  const configPath = tsconfig ? path.resolve(tsconfig) : path.join(root, 'tsconfig.json');
  if (!fs.existsSync(configPath)) {
    if (tsconfig) throw new UsageError(`--tsconfig: file not found: ${tsconfig}`);
    return {};
  }
  const problem = (message: string) =>
    new UsageError(
      tsconfig
        ? `--tsconfig: ${configPath}: ${message}`
        : `${configPath} does not load: ${message} (fix it, or name another with --tsconfig)`,
    );
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) throw problem(describe(ts, read.error));
  // Only the compiler options matter: a host that lists no directory keeps `include` globs from walking the tree.
  const host: ts.ParseConfigHost = { ...ts.sys, readDirectory: () => [] };
  const config = withoutUninstalledExtends(read.config, path.dirname(configPath));
  const parsed = ts.parseJsonConfigFileContent(config, host, path.dirname(configPath), undefined, configPath);
  // 18003: "No inputs were found", the host above lists no files on purpose.
  const error = parsed.errors.find((d) => d.code !== 18003 && d.category === ts.DiagnosticCategory.Error);
  if (error) throw problem(describe(ts, error));
  return parsed.options;
}

/** The config without its package `extends` when no `node_modules` is above the tsconfig (a fresh clone). */
function withoutUninstalledExtends(config: unknown, dir: string): unknown {
  if (typeof config !== 'object' || config === null || !('extends' in config)) return config;
  const specs = ([] as unknown[]).concat((config as { extends: unknown }).extends);
  const isPackage = (spec: unknown) => typeof spec === 'string' && !/^(\.|\/|[A-Za-z]:[\\/])/.test(spec);
  if (!specs.some(isPackage) || hasNodeModulesAbove(dir)) return config;
  const kept = specs.filter((spec) => !isPackage(spec));
  const { extends: _dropped, ...rest } = config as Record<string, unknown>;
  return kept.length > 0 ? { ...rest, extends: kept } : rest;
}

function hasNodeModulesAbove(dir: string): boolean {
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, 'node_modules'))) return true;
    if (path.dirname(current) === current) return false;
  }
}

/** A diagnostic's message, with its line and column when it has them. */
function describe(ts: typeof import('ts-morph').ts, diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  if (!diagnostic.file || diagnostic.start === undefined) return message;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${message} (line ${line + 1}, column ${character + 1})`;
}
