// The type check of the migrated project (an honest outcome: never "migrated" over a broken build): with the target's dependencies installed,
// the migrated project is compiled with its own tsconfig and each error the migration introduced is a review item;
// without them the summary says the check was skipped and how to run it. Real projects on the v1 SDK, migrated by
// the CLI; the dependencies are this repository's (a node_modules link), as an installed checkout has them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/fixtures.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');

// A helper that takes the server from a destructured parameter: once its ask is replayed, the binding is read by
// nothing, which a project with noUnusedParameters refuses (the tool renames plain parameters, not bindings).
const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'cleaner', version: '1.0.0' });

interface Deps {
  mcp: McpServer;
  log: (line: string) => void;
}

async function confirm({ mcp, log }: Deps, message: string): Promise<boolean> {
  log(\`asking: \${message}\`);
  const answer = await mcp.server.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

server.registerTool('delete_all', { description: 'Delete everything', inputSchema: { scope: z.string() } }, async ({ scope }) => {
  if (!(await confirm({ mcp: server, log: console.error }, \`Delete everything in \${scope}?\`)))
    return { content: [{ type: 'text', text: 'kept' }] };
  return { content: [{ type: 'text', text: \`deleted \${scope}\` }] };
});

await server.connect(new StdioServerTransport());
`;

// An SSE server: the official codemod sends it to @modelcontextprotocol/server-legacy.
const SSE_SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import express from 'express';

const sse = new McpServer({ name: 'sse', version: '1.0.0' });
const app = express();
const transports: SSEServerTransport[] = [];
app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports.push(transport);
  transport.onclose = () => transports.splice(transports.indexOf(transport), 1);
  transport.onerror = (error) => console.error(error.message);
  await sse.connect(transport);
});
app.listen(3000);
`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function project(options: { installed: boolean; noUnusedLocals: boolean }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-typecheck-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src', 'server.ts'), SERVER);
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'cleaner',
      type: 'module',
      dependencies: { '@modelcontextprotocol/sdk': '^1.29.0', zod: '^3.25.0' },
    }),
  );
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: true,
    types: ['node'],
    ...(options.noUnusedLocals ? { noUnusedLocals: true, noUnusedParameters: true } : {}),
  };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src/**/*.ts'] }));
  if (options.installed) fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Links these packages of this repository's install into the project, and copies TypeScript (its own compiler is
 * one installed in its node_modules: a link would resolve outside it). */
function installSome(dir: string, names: string[]): void {
  for (const name of names) {
    fs.mkdirSync(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true });
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  }
  fs.cpSync(path.join(REPO_ROOT, 'node_modules', 'typescript'), path.join(dir, 'node_modules', 'typescript'), {
    recursive: true,
  });
}

function run(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface JsonReport {
  checks?: Array<{ transform: string; status: string; summary: string }>;
  findings?: Array<{
    transform: string;
    reason: string;
    decision: string;
    file: string;
    line: number;
    message: string;
  }>;
}

describe('the migrated project is type-checked with its own tsconfig and dependencies', () => {
  it('reports an error the migration introduces as a review item, and never says "Migrated" over it', () => {
    const dir = project({ installed: true, noUnusedLocals: true });
    // The original compiles under its own settings: the error is the migration's.
    const before = run(['--dry-run', '--report', 'json', dir]);
    const report = JSON.parse(before.stdout) as JsonReport;
    expect(report.checks).toEqual([
      expect.objectContaining({
        transform: 'typecheck',
        status: 'failed',
        summary: expect.stringContaining('1 type error'),
      }),
    ]);
    const errors = (report.findings ?? []).filter((f) => f.reason === 'post-migration-type-error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ transform: 'typecheck', decision: 'review', file: 'src/server.ts' });
    expect(errors[0]!.message).toMatch(
      /^TS6133: 'mcp' is declared but its value is never read\. \(the migration removed its last use/,
    );
    expect(run(['--dry-run', '--fail-on', 'review', '--quiet', dir]).code).toBe(1);
    const migrated = run(['--allow-dirty', dir]);
    expect(migrated.stdout).toMatch(/the migrated project does not type-check/);
    expect(migrated.stdout).not.toMatch(/^Migrated:/m);
    // The line named is the user's, in the file as it was before the migration: it holds the binding.
    expect(SERVER.split('\n')[errors[0]!.line - 1]).toContain('async function confirm({ mcp, log }: Deps');
    const text = fs.readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8');
    expect(text.split('\n')[errors[0]!.line - 1]).not.toContain('async function confirm({ mcp, log }: Deps');
  });

  it('reads a package the migration adds but the project has not installed from the codemod own install', () => {
    // Installed: the v1 SDK, zod, TypeScript and Node's types; not the v2 package the migration adds.
    const dir = project({ installed: false, noUnusedLocals: true });
    installSome(dir, ['@modelcontextprotocol/sdk', 'zod', '@types/node']);
    const report = JSON.parse(run(['--dry-run', '--report', 'json', dir]).stdout) as JsonReport;
    // The same error as with the package installed (the test above), found through the v2 SDK's own types.
    const errors = (report.findings ?? []).filter((f) => f.reason === 'post-migration-type-error');
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^TS6133: 'mcp' is declared but its value is never read\./),
    ]);
    expect(report.checks).toEqual([
      {
        transform: 'typecheck',
        status: 'failed',
        summary: expect.stringMatching(
          /^type check \(tsconfig\.json\): the migration introduces 1 type error \(review items typecheck\/post-migration-type-error\); not installed yet, checked against the codemod's own @modelcontextprotocol\/server 2\.\d+\.\d+: after `npm install`, run `npx tsc --noEmit -p tsconfig\.json` to confirm with the versions installed$/,
        ),
      },
    ]);
    expect(report.findings).not.toContainEqual(expect.objectContaining({ reason: 'type-check-incomplete' }));
  });

  it("shares the project's own copy of a lent package's dependency (one zod, as npm install leaves it)", () => {
    const dir = project({ installed: false, noUnusedLocals: false });
    // A prompt's arguments as a raw shape: the v2 SDK types it with zod's own types.
    const prompt = `const greetArgs = { who: z.string().describe('Who to greet'), how: z.string().optional() };
server.registerPrompt('greet', { argsSchema: greetArgs }, (args) => ({
  messages: [{ role: 'user', content: { type: 'text', text: \`Greet \${args?.who} \${args?.how ?? ''}\` } }],
}));
`;
    fs.writeFileSync(
      path.join(dir, 'src', 'server.ts'),
      SERVER.replace('await server.connect', `${prompt}\nawait server.connect`),
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: object };
    manifest.dependencies = { ...manifest.dependencies, zod: '^4.2.0' };
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
    installSome(dir, ['@modelcontextprotocol/sdk', '@types/node']);
    // Another zod 4 release than the codemod's (4.4, installed here under an alias): two zods are not one type.
    fs.cpSync(path.join(REPO_ROOT, 'node_modules', 'zod-4-4'), path.join(dir, 'node_modules', 'zod'), {
      recursive: true,
    });
    const report = JSON.parse(run(['--dry-run', '--report', 'json', dir]).stdout) as JsonReport;
    expect((report.findings ?? []).filter((f) => f.reason === 'post-migration-type-error')).toEqual([]);
    expect(report.checks).toEqual([
      expect.objectContaining({
        status: 'passed',
        summary: expect.stringContaining("checked against the codemod's own @modelcontextprotocol/server"),
      }),
    ]);
  });

  it('checks the files that use a package the migration raises (zod 3 -> 4), changed or not', () => {
    const dir = project({ installed: false, noUnusedLocals: false });
    // zod 3's API: `.ip()` (zod 4 has `z.ipv4()` / `z.ipv6()`, no one-to-one form), and a message for unknown keys
    // (zod 4's .strict() takes none: repaired as zod 4's strictObject with that message, transforms/typecheck/repairs).
    fs.writeFileSync(
      path.join(dir, 'src', 'address.ts'),
      "import { z } from 'zod';\n\nexport const address = z.string().ip();\n",
    );
    fs.writeFileSync(
      path.join(dir, 'src', 'strict.ts'),
      "import { z } from 'zod';\n\nexport const strictObject = (shape: z.ZodRawShape) => z.object(shape).strict({ message: 'unknown key' });\n",
    );
    installSome(dir, ['@modelcontextprotocol/sdk', '@types/node']);
    // zod 3 as the project installed it: zod 4 carries zod 3's API as `zod/v3` (this repository has no zod 3 of its own).
    const zod = path.join(dir, 'node_modules', 'zod');
    fs.mkdirSync(zod);
    const v3 = path.join(REPO_ROOT, 'node_modules', 'zod', 'v3', 'index.js');
    fs.writeFileSync(
      path.join(zod, 'package.json'),
      JSON.stringify({ name: 'zod', version: '3.25.76', type: 'module', main: 'index.js', types: 'index.d.ts' }),
    );
    fs.writeFileSync(path.join(zod, 'index.js'), `export * from ${JSON.stringify(v3)};\n`);
    fs.writeFileSync(path.join(zod, 'index.d.ts'), `export * from ${JSON.stringify(v3.replace(/\.js$/, '.cjs'))};\n`);
    const report = JSON.parse(run(['--dry-run', '--report', 'json', dir]).stdout) as JsonReport;
    const errors = (report.findings ?? []).filter((f) => f.reason === 'post-migration-type-error');
    expect(errors.map((e) => `${e.file}:${e.line} ${e.message}`)).toEqual([
      expect.stringMatching(
        /^src\/address\.ts:3 TS2339: Property 'ip' does not exist on type 'ZodString'\. \(in a file the migration did not change: it uses zod 4\.\d+\.\d+, which package\.json now asks for; adapt the code to its API\)$/,
      ),
    ]);
    expect(report.checks![0]!.summary).toContain('1 more repaired (zod-strict-message 1)');
    expect(report.checks![0]!.summary).toMatch(
      /checked against the codemod's own @modelcontextprotocol\/server 2\.\d+\.\d+, zod 4\./,
    );
  });

  it('lists no error that comes from a package added that neither the project nor the codemod has, and says the check is incomplete', () => {
    const dir = project({ installed: false, noUnusedLocals: false });
    // SSE serving goes to @modelcontextprotocol/server-legacy, which this codemod does not carry.
    fs.writeFileSync(path.join(dir, 'src', 'sse.ts'), SSE_SERVER);
    installSome(dir, ['@modelcontextprotocol/sdk', 'zod', '@types/node', 'express', '@types/express']);
    const report = JSON.parse(run(['--dry-run', '--report', 'json', dir]).stdout) as JsonReport;
    // Its values are `any` there: an implicit-any callback parameter is the check's error, not the migration's.
    expect((report.findings ?? []).filter((f) => f.reason === 'post-migration-type-error')).toEqual([]);
    expect(report.checks).toEqual([
      {
        transform: 'typecheck',
        status: 'skipped',
        summary: expect.stringMatching(
          /^type check \(tsconfig\.json\): incomplete, no new type error in the files it could check; not installed yet, checked against the codemod's own @modelcontextprotocol\/server 2\.\d+\.\d+: .*; \d+ more in files that import packages not installed yet \(@modelcontextprotocol\/server-legacy\) are not listed: after `npm install`, run `npx tsc --noEmit -p tsconfig\.json`$/,
        ),
      },
    ]);
    expect(report.findings).toContainEqual(expect.objectContaining({ reason: 'type-check-incomplete' }));
  });

  it('passes a migration that adds no error, saying how many there were before and after', () => {
    const dir = project({ installed: true, noUnusedLocals: false });
    const report = JSON.parse(run(['--dry-run', '--report', 'json', dir]).stdout) as JsonReport;
    expect(report.checks).toEqual([
      {
        transform: 'typecheck',
        status: 'passed',
        summary: 'type check (tsconfig.json): no new type errors (0 before the migration, 0 after)',
      },
    ]);
    expect((report.findings ?? []).filter((f) => f.transform === 'typecheck')).toEqual([]);
    expect(run(['--dry-run', dir]).stdout).toContain('Type check (tsconfig.json): no new type errors');
  });

  it('says the check was skipped, and how to run it, when the dependencies are not installed', () => {
    const dir = project({ installed: false, noUnusedLocals: true });
    const report = JSON.parse(run(['--dry-run', '--report', 'json', dir]).stdout) as JsonReport;
    expect(report.checks).toEqual([
      {
        transform: 'typecheck',
        status: 'skipped',
        summary: expect.stringMatching(
          /^type check skipped: the dependencies are not installed .*npx tsc --noEmit -p tsconfig\.json/,
        ),
      },
    ]);
    const markdown = run(['--dry-run', '--report', 'markdown', dir]).stdout;
    expect(markdown).toContain('Type check skipped: the dependencies are not installed');
  });

  it('runs no check with --no-typecheck', () => {
    const dir = project({ installed: true, noUnusedLocals: true });
    const report = JSON.parse(run(['--dry-run', '--no-typecheck', '--report', 'json', dir]).stdout) as JsonReport;
    expect(report.checks).toBeUndefined();
    expect((report.findings ?? []).filter((f) => f.transform === 'typecheck')).toEqual([]);
  });
});
