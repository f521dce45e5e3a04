// Serving a real server as its users start it (a child process over stdio) to the v2 client
// (`@modelcontextprotocol/client`) in one era: 2025 (legacy negotiation) or 2026-07-28 (auto negotiation, which
// runs the `input_required` loop). Lists the tools and calls the given ones with arguments made from their input
// schema; elicitation, sampling and roots are answered by a fixed script (the ideas of test/support/equivalence.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { readPackage, resolveBin } from './steps.mjs';

const CONNECT_TIMEOUT_MS = 30_000;
const CALL_TIMEOUT_MS = 30_000;
/** Signs the migrated servers' requestState (docs/rewrites.md); 32+ bytes, the same for the whole run. */
export const REQUEST_STATE_SECRET = 'e2e-request-state-secret-0123456789abcdef';

/**
 * How the package is started: the target's `entry`, else package.json `bin` (first), `main`, `scripts.start`
 * (`node X` / `tsx X` / `bun X`), else a built `dist|build/index.js`. A `.ts` entry runs with the project's tsx.
 * Returns `{ command, args, entry }` or `{ reason }`.
 */
export function commandOf(repoDir, pkgDir, target) {
  const pkg = readPackage(pkgDir) ?? {};
  const fromStart = /(?:^|\s)(?:node|tsx|bun(?: run)?)\s+(\S+\.[cm]?[jt]s)/.exec(pkg.scripts?.start ?? '')?.[1];
  const bin = typeof pkg.bin === 'string' ? pkg.bin : Object.values(pkg.bin ?? {})[0];
  const candidates = target.entry
    ? [path.join(repoDir, target.entry)]
    : [bin, pkg.main, fromStart, 'dist/index.js', 'build/index.js']
        .filter((c) => typeof c === 'string')
        .map((c) => path.join(pkgDir, c));
  if (!target.entry && /^bun\b/.test(pkg.scripts?.start ?? ''))
    return { reason: `starts with bun (\`${pkg.scripts.start}\`)` };
  const entry = candidates.find((c) => existsSync(c));
  if (!entry) return { reason: `no entry file (tried ${candidates.map((c) => path.relative(repoDir, c)).join(', ')})` };
  const args = [...(target.args ?? [])];
  if (/\.[cm]?ts$/.test(entry)) {
    const tsx = resolveBin(pkgDir, 'tsx', 'dist/cli.mjs');
    if (!tsx) return { reason: `${path.relative(repoDir, entry)} is TypeScript and tsx is not installed` };
    return { command: process.execPath, args: [tsx, entry, ...args], entry: path.relative(repoDir, entry) };
  }
  return { command: process.execPath, args: [entry, ...args], entry: path.relative(repoDir, entry) };
}

/** A value a JSON Schema accepts, as small as it gets (the required properties of objects only). */
export function sampleOf(schema = {}, name = '') {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && variants.length > 0) return sampleOf(variants[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out = {};
    for (const key of schema.required ?? []) out[key] = sampleOf(schema.properties?.[key] ?? {}, key);
    return out;
  }
  if (type === 'array') return schema.minItems ? [sampleOf(schema.items ?? {}, name)] : [];
  if (type === 'number' || type === 'integer') return schema.minimum ?? schema.exclusiveMinimum ?? 1;
  if (type === 'boolean') return true;
  if (schema.format === 'email') return 'e2e@example.com';
  if (schema.format === 'uri' || /url|uri/i.test(name)) return 'https://example.com/';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  return 'e2e';
}

/** The scripted client: accepts every form (values from its schema) and URL, answers sampling, lists one root. */
function scriptedClient(mode, rootDir, asked) {
  const capabilities = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };
  const client = new Client(
    { name: 'mrtr-e2e', version: '1.0.0' },
    { capabilities, versionNegotiation: { mode }, inputRequired: { autoFulfill: true } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push('elicitation/create');
    const params = request.params ?? {};
    if (params.mode === 'url') return { action: 'accept' };
    return { action: 'accept', content: sampleOf({ ...params.requestedSchema, required: requiredAll(params) }) };
  });
  client.setRequestHandler('sampling/createMessage', async () => {
    asked.push('sampling/createMessage');
    return {
      role: 'assistant',
      content: { type: 'text', text: 'e2e scripted answer' },
      model: 'e2e-scripted',
      stopReason: 'endTurn',
    };
  });
  client.setRequestHandler('roots/list', async () => {
    asked.push('roots/list');
    return { roots: [{ uri: `file://${rootDir}`, name: 'repository' }] };
  });
  return client;
}

const requiredAll = (params) => Object.keys(params.requestedSchema?.properties ?? {});

/** What a call came to: `ok`, `tool-error` (isError), `error <code>` (JSON-RPC), `timeout`. */
function classOf(result, err) {
  if (err) {
    if (/timed? ?out/i.test(String(err.message))) return 'timeout';
    return `error ${err.code ?? '?'}`;
  }
  return result?.isError ? 'tool-error' : 'ok';
}

/**
 * Starts the server with `spec` (`commandOf`), connects in `era` ('2025' | '2026'), lists tools and calls each
 * name of `calls` (with the target's `toolArgs[name]` over the arguments made from its schema), after the target's
 * `setup` calls. Returns `{ started, era, tools, calls: [{ name, class, asked, detail }], reason }`.
 */
export async function serve(spec, era, calls, { cwd, env, rootDir, http, toolArgs = {}, setup = [] }) {
  const asked = [];
  const client = scriptedClient(era === '2026' ? 'auto' : 'legacy', rootDir, asked);
  const stderr = [];
  const childEnv = { ...inheritedEnv(), MCP_REQUEST_STATE_SECRET: REQUEST_STATE_SECRET, ...env };
  const out = { started: false, era: undefined, tools: [], calls: [] };
  let child;
  try {
    let transport;
    if (http) {
      const port = await freePort();
      child = spawn(spec.command, spec.args, { cwd, env: { ...childEnv, [http.portEnv ?? 'PORT']: String(port) } });
      child.stderr.on('data', (chunk) => stderr.push(String(chunk)));
      const url = new URL(`http://127.0.0.1:${port}${http.path ?? '/mcp'}`);
      await withTimeout(listening(port, child), CONNECT_TIMEOUT_MS, 'listen');
      transport = new StreamableHTTPClientTransport(url);
    } else {
      transport = new StdioClientTransport({
        command: spec.command,
        args: spec.args,
        cwd,
        env: childEnv,
        stderr: 'pipe',
      });
      transport.stderr?.on('data', (chunk) => stderr.push(String(chunk)));
    }
    await withTimeout(client.connect(transport), CONNECT_TIMEOUT_MS, 'connect');
    out.started = true;
    out.era = client.getNegotiatedProtocolVersion();
    const listed = await withTimeout(client.listTools(), CONNECT_TIMEOUT_MS, 'tools/list');
    out.tools = listed.tools.map((t) => t.name).sort();
    // The target's own calls first (`setup`: state a measured call needs to reach its ask), not measured themselves.
    for (const { name, args } of setup) await callOne(client, listed.tools, name, asked, args);
    for (const name of calls) out.calls.push(await callOne(client, listed.tools, name, asked, toolArgs[name]));
  } catch (err) {
    out.reason = oneLine(`${err.message}; stderr: ${stderrGist(stderr)}`);
  } finally {
    await client.close().catch(() => {});
    child?.kill();
  }
  return out;
}

/** One call: arguments from the tool's schema, with the target's own for it (`toolArgs`, to reach its ask) over them. */
async function callOne(client, tools, name, asked, given = {}) {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return { name, class: 'not listed' };
  asked.length = 0;
  let result, error;
  try {
    const args = { ...sampleOf(tool.inputSchema ?? {}), ...given };
    result = await client.callTool({ name, arguments: args }, { timeout: CALL_TIMEOUT_MS });
  } catch (err) {
    error = err;
  }
  const text = error ? error.message : result?.content?.find?.((c) => c.type === 'text')?.text;
  return { name, class: classOf(result, error), asked: [...asked], detail: oneLine(text) };
}

/** The first error line of a crash (not its stack) and the last line. */
function stderrGist(stderr) {
  const lines = stderr
    .join('')
    .trim()
    .split('\n')
    .filter((l) => l.trim() && !/^\s+at /.test(l));
  const first = lines.find((l) => /Error|error:/.test(l));
  return [first, lines.at(-1)]
    .filter(Boolean)
    .filter((l, i, all) => all.indexOf(l) === i)
    .join(' | ');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Resolves once something accepts connections on the port; rejects when the child exits first. */
async function listening(port, child) {
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`exited with ${child.exitCode ?? child.signalCode} before listening`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function inheritedEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(PATH|HOME|TMPDIR|LANG|NODE_.*)$/.test(k)));
}

const oneLine = (text) => (text === undefined ? undefined : String(text).replace(/\s+/g, ' ').slice(0, 200));

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
