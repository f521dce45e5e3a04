import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function readPackage(): { name: string; version: string } {
  // Works from source (lib/) and from the build (dist/lib/).
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      const pkg = require(candidate) as { name?: string; version?: string };
      if (pkg.name === 'mcp-mrtr-codemod' && pkg.version) return { name: pkg.name, version: pkg.version };
    } catch {
      // try the next location
    }
  }
  return { name: 'mcp-mrtr-codemod', version: '0.0.0' };
}

const pkg = readPackage();
export const TOOL_NAME = pkg.name;
export const TOOL_VERSION = pkg.version;
