import fs from 'node:fs';
import path from 'node:path';
import type { ts } from 'ts-morph';
import { UsageError } from './usageError.js';

/** The compiler options the analysis parses with: `--tsconfig`, else `<root>/tsconfig.json` when present, else none. */
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
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) {
    const message = ts.flattenDiagnosticMessageText(read.error.messageText, ' ');
    if (tsconfig) throw new UsageError(`--tsconfig: ${configPath}: ${message}`);
    return {};
  }
  // Only the compiler options matter: a host that lists no directory keeps `include` globs from walking the tree.
  const host: ts.ParseConfigHost = { ...ts.sys, readDirectory: () => [] };
  const parsed = ts.parseJsonConfigFileContent(read.config, host, path.dirname(configPath));
  return parsed.options;
}
