/**
 * The audit never reads the target's node_modules: receivers are proven from the project's own declarations and
 * type annotations, with SDK imports read by name (lib/project.ts resolves relative imports only). The same target
 * with and without an installed SDK (v1 and v2, with the package.json that names them) gives the same report.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../api/index.js';
import type { Report } from '../lib/model.js';
import { FIXTURES_ROOT, REPO_ROOT } from './support/fixtures.js';

// The fixtures whose receivers are proven through types (aliases, indexed and narrowed SDK types, declared results,
// context stores, re-exports): the shapes a type checker with the SDK installed would also see.
const CASES = [
  'review-async-local-storage.input.ts',
  'review-declared-return-types.input.ts',
  'rewrite-replay-destructured-mcp-req-send',
  'review-destructured-send-request.input.ts',
  'review-detached-send-request.input.ts',
  'review-indexed-access-server-type.input.ts',
  'review-request-sender-as-value.input.ts',
  'review-handler-context-object',
  'review-narrow-server-types',
  'review-reexported-sdk',
  'review-tool-table-alias',
];
const PACKAGES = ['@modelcontextprotocol/sdk', '@modelcontextprotocol/server', '@modelcontextprotocol/core', 'zod'];
const temps: string[] = [];

afterAll(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function target(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-node-modules-'));
  temps.push(dir);
  for (const name of CASES) {
    const from = path.join(FIXTURES_ROOT, 'mrtr', name);
    if (name.endsWith('.ts')) fs.copyFileSync(from, path.join(dir, name.replace('.input.', '.')));
    else fs.cpSync(path.join(from, 'input'), path.join(dir, name), { recursive: true });
  }
  return dir;
}

/** The SDK installed in the target as npm would: its packages under node_modules, named in package.json. */
function install(dir: string): void {
  const dependencies: Record<string, string> = {};
  for (const name of PACKAGES) {
    const installed = path.join(REPO_ROOT, 'node_modules', name);
    const version = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')).version as string;
    dependencies[name] = version;
    fs.mkdirSync(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true });
    fs.cpSync(installed, path.join(dir, 'node_modules', name), { recursive: true, dereference: true });
  }
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'target', type: 'module', dependencies }));
}

function portable(report: Report): unknown {
  return JSON.parse(JSON.stringify({ ...report, root: '<root>' }));
}

describe('the SDK installed in the target', () => {
  it('changes nothing in the report', async () => {
    const bare = target();
    fs.writeFileSync(path.join(bare, 'package.json'), JSON.stringify({ name: 'target', type: 'module' }));
    const installed = target();
    install(installed);
    expect(fs.existsSync(path.join(installed, 'node_modules/@modelcontextprotocol/sdk/package.json'))).toBe(true);

    const withoutSdk = await audit({ paths: [bare], v1ToV2: false });
    const withSdk = await audit({ paths: [installed], v1ToV2: false });
    // Every case holds sites proven through types: the comparison is not between two empty reports.
    expect(new Set(withoutSdk.sites.map((site) => site.file.split('/')[0])).size).toBe(CASES.length);
    expect(portable(withSdk)).toEqual(portable(withoutSdk));
  }, 120_000);
});
