/**
 * Equivalence harness: drive an ORIGINAL server (push-style, SDK v1 or v2) and its MIGRATED form (SDK v2,
 * MRTR with `inputRequired`) with real SDK clients and the same scripted client answers, and record what
 * each server asked and what each call finally returned.
 *
 * Eras:
 * - `runOriginal`      the server's own SDK client, 2025 era (`initialize`), in-memory pair; the server
 *                      sends real server->client requests, answered by the script.
 * - `runMigrated2026`  `createMcpHandler(build)` + v2 `Client` with `versionNegotiation: { mode: 'auto' }`
 *                      over a `StreamableHTTPClientTransport` whose `fetch` calls `handler.fetch(...)`
 *                      in process; a fresh server instance per HTTP request; the client runs the
 *                      `input_required` loop itself through the registered request handlers.
 * - `runMigrated2025`  `build().connect(serverEnd)` over an in-memory pair with a legacy client (v1 SDK
 *                      by default): the SDK's legacy shim turns `inputRequired` into real
 *                      server->client requests and re-enters the handler.
 * - `rawCall2026`      one 2026-era request, no loop: the JSON-RPC result exactly as on the wire.
 *
 * URL elicitation (the user opens a link and finishes something out of band, e.g. an OAuth sign-in):
 * - the old `-32042` flow: when a call of `runOriginal` fails with `-32042` and `data.elicitations`, each
 *   elicitation is a question (`elicitation/create`, URL mode, normalised like any other); when the script
 *   accepts them all, the call is made again from scratch, as a client does after the user finished
 *   (at most {@link URL_ELICITATION_ATTEMPTS} attempts); otherwise the `-32042` error is the outcome.
 * - out-of-band completion: `RunOptions.completeUrl` names a function the server module exports; every
 *   runner calls it with the question's params whenever the script accepts a URL-mode elicitation, before
 *   the client answers or retries, in every era. Its state must be module-level (`createMcpHandler` builds a
 *   fresh server per request); load each run's module with `loadServerModule(path, { fresh: true })`.
 * - the one mapping between the eras' final outcomes: {@link urlErrorsAsToolErrors}.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import {
  Client,
  InMemoryTransport,
  StreamableHTTPClientTransport,
  type ClientCapabilities,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
  type ListRootsResult,
} from '@modelcontextprotocol/client';
import {
  createMcpHandler,
  InMemoryTransport as ServerInMemoryTransport,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type McpServerFactory,
} from '@modelcontextprotocol/server';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioClientTransportV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StreamableHTTPServerTransport as StreamableHTTPServerTransportV1 } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const requireCjs = createRequire(import.meta.url);
const REPO_NODE_MODULES = path.join(REPO_ROOT, 'node_modules');

// ---------------------------------------------------------------------------------------------------------
// Public types

export type { ClientCapabilities, CreateMessageResult, ElicitResult, ListRootsResult };
export type ElicitParams = ElicitRequest['params'];
export type SampleParams = CreateMessageRequest['params'];
type MaybePromise<T> = T | Promise<T>;

/**
 * The scripted client. `round` is the 0-based index of this question among all questions asked during the
 * current call (any kind), so the same script answers the same way whether the server asked through a push
 * request (2025) or an `input_required` round (2026). `params` arrive without the transport's
 * `_meta.progressToken` (the legacy shim adds one).
 */
export interface ClientScript {
  elicit?: (params: ElicitParams, round: number) => MaybePromise<ElicitResult>;
  sample?: (params: SampleParams, round: number) => MaybePromise<CreateMessageResult>;
  roots?: (round: number) => MaybePromise<ListRootsResult>;
}

export type Call =
  | { kind: 'tool'; name: string; args?: Record<string, unknown> }
  | { kind: 'prompt'; name: string; args?: Record<string, string> }
  | { kind: 'resource'; uri: string }
  /** `tools/list`: its result (each tool's input schema included) is recorded as a call's result. */
  | { kind: 'tools' }
  /** `resources/list`, recorded the same way. */
  | { kind: 'resources' };

export type QuestionMethod = 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
export interface Question {
  method: QuestionMethod;
  params: unknown;
}
export interface CallError {
  error: { code: number | string; message: string };
}
/** A final result (top-level `_meta`, `resultType`, `ttlMs`, `cacheScope` removed) or the error the call ended with. */
export type Outcome = Record<string, unknown> | CallError;
export interface Transcript {
  /** Every server->client question, in the order the client received them, across all calls. */
  questions: Question[];
  /** One outcome per call, in call order. */
  results: Outcome[];
}

export interface RunOptions {
  /** Client capabilities to declare (and to register answer handlers for). Default {@link FULL_CAPABILITIES}. */
  capabilities?: ClientCapabilities;
  /** Per-request timeout in ms (each leg of a 2026 flow, each call otherwise). Default 10 000. */
  timeoutMs?: number;
  /**
   * The name of a function the server module exports, called with the params of each URL-mode elicitation
   * the script accepts (the user finishing the flow out of band, e.g. an OAuth callback reaching the server).
   * Without it, an accepted URL elicitation changes nothing on the server.
   */
  completeUrl?: string;
  /** 2026 era: the authenticated principal the HTTP entry hands the server (`ctx.http.authInfo`), as auth middleware would. */
  authInfo?: { token: string; clientId: string; scopes: string[] };
}

export interface Migrated2025Options extends RunOptions {
  /** The legacy client: the v1 SDK's `Client` (default) or the v2 `Client` in its default legacy mode. */
  client?: 'v1' | 'v2';
}

/** A raw 2026-era JSON-RPC result as sent by the server (or `{ error }`), typed loosely for assertions. */
export interface RawResult {
  resultType?: string;
  inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
  requestState?: string;
  error?: { code: number | string; message: string; data?: unknown };
  [key: string]: unknown;
}

export interface ServerModule {
  build: (...args: unknown[]) => unknown;
  /** The module system the server module was compiled to; a CommonJS server is served by the SDK's CommonJS build. */
  format?: 'esm' | 'cjs';
  /** Everything the module exports (hooks such as {@link RunOptions.completeUrl} are looked up here). */
  exports?: Record<string, unknown>;
}

export const FULL_CAPABILITIES: ClientCapabilities = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };

const CLIENT_INFO = { name: 'equivalence-harness', version: '1.0.0' };
const DEFAULT_TIMEOUT_MS = 10_000;

// ---------------------------------------------------------------------------------------------------------
// Loading server modules

const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/**
 * Compile a server module (`.ts`/`.js`, exporting `build()`) and import it.
 *
 * Node caches a module by its path, so two loads of the same sources share module-level state; with
 * `fresh: true` the compiled tree is copied to a dir of its own first, so the entry and every module it
 * imports (a store of tool definitions, CommonJS modules too) start with their own state.
 *
 * Every source file under `options.root` (default: the file's own folder) is transpiled with
 * `ts.transpileModule` (ES2022; ESM, or CommonJS for `.cjs`/`.cts` and `"type": "commonjs"` folders) into a
 * temp dir, keeping the folder layout so relative imports (`./x.js`, `../lib/y.js`) work; the dir gets
 * `package.json` (`type` copied from the root's own package.json, default `module`) and a `node_modules`
 * symlink to this repository's `node_modules`, so bare imports (`@modelcontextprotocol/server`,
 * `@modelcontextprotocol/sdk/...`, `zod`) resolve to the same packages the harness uses. Nothing is written
 * inside the repository: output goes to `<os.tmpdir()>/mcp-mrtr-equivalence/<hash of the sources>/` and is
 * reused while the sources are unchanged (so a changed file gets a new dir and a fresh import).
 */
export function loadServerModule(
  sourcePath: string,
  options: { root?: string; fresh?: boolean } = {},
): Promise<ServerModule> {
  const file = path.resolve(sourcePath);
  return compileAndImport(file, path.resolve(options.root ?? path.dirname(file)), options.fresh ?? false);
}

/**
 * Every source under `root` compiled as `loadServerModule` compiles it (same cache, `node_modules` linked to this
 * repository's): the directory, so that a test can run an entry as a real process (`<dir>/src/index.js`).
 */
export function compileTree(root: string): string {
  const resolved = path.resolve(root);
  const packageType = readPackageType(resolved);
  const sources = listSources(resolved);
  const hash = crypto.createHash('sha256').update(`${COMPILER_VERSION}\0${REPO_NODE_MODULES}\0${packageType}\0`);
  for (const source of sources)
    hash
      .update(`${path.relative(resolved, source)}\0`)
      .update(fs.readFileSync(source))
      .update('\0');
  const outDir = path.join(CACHE_ROOT, hash.digest('hex').slice(0, 32));
  if (!fs.existsSync(path.join(outDir, '.complete'))) compileInto(outDir, resolved, sources, packageType);
  return outDir;
}

/** Distinguishes fresh instances of one compiled tree (see `fresh`). */
let instanceCounter = 0;
const instancesRoot = path.join(os.tmpdir(), 'mcp-mrtr-equivalence-instances', crypto.randomUUID());

/** A private copy of a compiled tree (its node_modules link kept), removed when the process exits. */
function freshCopyOf(outDir: string): string {
  if (instanceCounter === 0) process.once('exit', () => fs.rmSync(instancesRoot, { recursive: true, force: true }));
  const copy = path.join(instancesRoot, `${path.basename(outDir)}-${++instanceCounter}`);
  fs.cpSync(outDir, copy, { recursive: true, verbatimSymlinks: true });
  return copy;
}

/** Compiled modules live under `<tmpdir>/mcp-mrtr-equivalence/<content hash>/`, reused while the sources are unchanged. */
const CACHE_ROOT = path.join(os.tmpdir(), 'mcp-mrtr-equivalence');
const COMPILER_VERSION = `harness-1/ts-${ts.version}`;

async function compileAndImport(file: string, root: string, fresh: boolean): Promise<ServerModule> {
  if (!file.startsWith(root + path.sep)) throw new Error(`${file} is not inside ${root}`);
  const packageType = readPackageType(root);
  const sources = listSources(root);
  if (!sources.includes(file)) throw new Error(`${file} is not a source file`);

  const hash = crypto.createHash('sha256').update(`${COMPILER_VERSION}\0${REPO_NODE_MODULES}\0${packageType}\0`);
  for (const source of sources)
    hash
      .update(`${path.relative(root, source)}\0`)
      .update(fs.readFileSync(source))
      .update('\0');
  const outDir = path.join(CACHE_ROOT, hash.digest('hex').slice(0, 32));
  if (!fs.existsSync(path.join(outDir, '.complete'))) compileInto(outDir, root, sources, packageType);

  const { outName, module } = outputFor(path.relative(root, file), packageType);
  // A fresh instance loads every module of the tree anew (module state in a store the entry imports included):
  // from its own copy of the compiled tree.
  const instanceDir = fresh ? freshCopyOf(outDir) : outDir;
  const entry = path.join(instanceDir, outName);
  const url = pathToFileURL(entry).href;
  const ns = (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
  const build = typeof ns.build === 'function' ? ns.build : (ns.default as Record<string, unknown> | undefined)?.build;
  if (typeof build !== 'function') throw new Error(`${file} does not export build()`);
  const exports = {
    ...((ns.default && typeof ns.default === 'object' ? ns.default : {}) as Record<string, unknown>),
    ...ns,
  };
  return { build: build as ServerModule['build'], format: module === ts.ModuleKind.CommonJS ? 'cjs' : 'esm', exports };
}

/** Transpile into a private dir, then rename it into place (parallel test workers may race; the first wins). */
function compileInto(outDir: string, root: string, sources: string[], packageType: 'module' | 'commonjs'): void {
  fs.mkdirSync(CACHE_ROOT, { recursive: true });
  const work = fs.mkdtempSync(path.join(CACHE_ROOT, 'tmp-'));
  try {
    fs.writeFileSync(path.join(work, 'package.json'), JSON.stringify({ type: packageType }) + '\n');
    fs.symlinkSync(REPO_NODE_MODULES, path.join(work, 'node_modules'), 'dir');
    for (const source of sources) {
      const { outName, module } = outputFor(path.relative(root, source), packageType);
      const target = path.join(work, outName);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (source.endsWith('.json')) {
        fs.copyFileSync(source, target);
        continue;
      }
      const result = ts.transpileModule(fs.readFileSync(source, 'utf8'), {
        fileName: source,
        reportDiagnostics: true,
        compilerOptions: {
          target: ts.ScriptTarget.ES2022,
          module,
          jsx: ts.JsxEmit.React,
          esModuleInterop: true,
          rewriteRelativeImportExtensions: true,
          sourceMap: false,
        },
      });
      const errors = (result.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
      if (errors.length)
        throw new Error(
          `cannot transpile ${source}: ${errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`,
        );
      fs.writeFileSync(target, result.outputText);
    }
    fs.writeFileSync(path.join(work, '.complete'), '');
    try {
      fs.renameSync(work, outDir);
    } catch (err) {
      if (!fs.existsSync(path.join(outDir, '.complete'))) throw err;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function readPackageType(root: string): 'module' | 'commonjs' {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { type?: string };
    return pkg.type === 'commonjs' ? 'commonjs' : 'module';
  } catch {
    return 'module';
  }
}

function listSources(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        entry.isFile() &&
        ((SOURCE_EXTENSIONS.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) ||
          (entry.name.endsWith('.json') && entry.name !== 'package.json'))
      )
        out.push(full);
    }
  };
  walk(root);
  return out;
}

function outputFor(rel: string, packageType: 'module' | 'commonjs'): { outName: string; module: ts.ModuleKind } {
  const ext = path.extname(rel);
  const base = rel.slice(0, -ext.length);
  const pkgModule = packageType === 'commonjs' ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext;
  switch (ext) {
    case '.mts':
    case '.mjs':
      return { outName: `${base}.mjs`, module: ts.ModuleKind.ESNext };
    case '.cts':
    case '.cjs':
      return { outName: `${base}.cjs`, module: ts.ModuleKind.CommonJS };
    case '.json':
      return { outName: rel, module: pkgModule };
    default:
      return { outName: `${base}.js`, module: pkgModule };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Recording and normalisation

const WIRE_ONLY_RESULT_KEYS = ['_meta', 'resultType', 'ttlMs', 'cacheScope'];

/** A final result without the transport/era decorations: top-level `_meta`, `resultType`, `ttlMs`, `cacheScope`. */
export function normalizeResult(result: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(result as Record<string, unknown>) };
  for (const key of WIRE_ONLY_RESULT_KEYS) delete out[key];
  return out;
}

/**
 * `{ error: { code, message } }` from whatever a client threw: a JSON-RPC error keeps its code and message
 * (without the v1 `MCP error <code>: ` prefix); a 2026 HTTP-status error (`SdkHttpError`, e.g. 404 for
 * `Method not found`) is unwrapped to the JSON-RPC error in its body; a client-side `SdkError` keeps its
 * string code (e.g. `INPUT_REQUIRED_ROUNDS_EXCEEDED`).
 */
export function toCallError(err: unknown): CallError {
  const e = err as { code?: unknown; message?: unknown; data?: { text?: unknown } } | undefined;
  if (typeof e?.data?.text === 'string') {
    try {
      const body = JSON.parse(e.data.text) as { error?: { code?: unknown; message?: unknown } };
      if (typeof body.error?.code === 'number' && typeof body.error.message === 'string')
        return { error: { code: body.error.code, message: body.error.message } };
    } catch {
      // not a JSON-RPC body
    }
  }
  const code = typeof e?.code === 'number' || typeof e?.code === 'string' ? e.code : 'UNKNOWN';
  const message = String(e?.message ?? err).replace(/^MCP error -?\d+: /, '');
  return { error: { code, message } };
}

/**
 * Question params as the script sees them: without the `_meta.progressToken` a transport may add, and with
 * an elicitation's `mode` made explicit (the spec reads a missing mode as `form`, and the SDK's own
 * `elicitInput` and `inputRequired.elicit` always send it, while a raw `send({ method: 'elicitation/create' })`
 * does not).
 */
function cleanParams<T>(params: T, method?: string): T {
  if (!params || typeof params !== 'object') return params;
  const copy = { ...(params as Record<string, unknown>) };
  if (method === 'elicitation/create' && copy.mode === undefined) copy.mode = 'form';
  // URL mode: 2026-07-28 removed `elicitationId` (the shim makes one up for 2025 clients); it is not part of the question.
  if (method === 'elicitation/create' && copy.mode === 'url') delete copy.elicitationId;
  const meta = copy._meta;
  if (meta && typeof meta === 'object') {
    const rest = { ...(meta as Record<string, unknown>) };
    delete rest.progressToken;
    if (Object.keys(rest).length) copy._meta = rest;
    else delete copy._meta;
  }
  return copy as T;
}

type UrlCompletion = (params: ElicitParams) => MaybePromise<unknown>;

/** The module's out-of-band completion hook named by `options.completeUrl`, if any. */
function completionHook(mod: ServerModule, options: RunOptions): UrlCompletion | undefined {
  if (options.completeUrl === undefined) return undefined;
  const hook = mod.exports?.[options.completeUrl];
  if (typeof hook !== 'function')
    throw new Error(`the server module does not export a function ${options.completeUrl}() (completeUrl)`);
  return hook as UrlCompletion;
}

class Recorder {
  readonly questions: Question[] = [];
  readonly results: Outcome[] = [];
  private round = 0;
  constructor(
    private readonly script: ClientScript,
    private readonly completeUrl?: UrlCompletion,
  ) {}

  startCall(): void {
    this.round = 0;
  }

  async answer(method: QuestionMethod, rawParams: unknown): Promise<unknown> {
    const params = cleanParams(rawParams ?? {}, method);
    this.questions.push({ method, params });
    const round = this.round++;
    switch (method) {
      case 'elicitation/create': {
        if (!this.script.elicit) throw new Error('the client script has no elicit answer');
        const answer = await this.script.elicit(params as ElicitParams, round);
        // The user finished the URL flow out of band before the client reports the acceptance (or retries).
        if (this.completeUrl && (params as { mode?: string }).mode === 'url' && answer.action === 'accept')
          await this.completeUrl(params as ElicitParams);
        return answer;
      }
      case 'sampling/createMessage':
        if (!this.script.sample) throw new Error('the client script has no sample answer');
        return this.script.sample(params as SampleParams, round);
      case 'roots/list':
        if (!this.script.roots) throw new Error('the client script has no roots answer');
        return this.script.roots(round);
    }
  }

  transcript(): Transcript {
    return { questions: this.questions, results: this.results };
  }
}

/** The subset of the v1 and v2 clients the runners call. */
interface CallingClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }, ...rest: never[]): Promise<unknown>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }, ...rest: never[]): Promise<unknown>;
  readResource(params: { uri: string }, ...rest: never[]): Promise<unknown>;
}

/** Attempts of one call in the old `-32042` flow (the first call plus retries), like the 2026 client's 10 rounds. */
export const URL_ELICITATION_ATTEMPTS = 10;

/** The JSON-RPC error code of 2025-era URL elicitation (`UrlElicitationRequiredError`), removed in 2026-07-28. */
export const URL_ELICITATION_REQUIRED = -32042;

/** The URL elicitations a `-32042` error asks for, or undefined for any other error. */
function urlElicitationsOf(err: unknown): unknown[] | undefined {
  const e = err as { code?: unknown; data?: { elicitations?: unknown } } | undefined;
  return e?.code === URL_ELICITATION_REQUIRED && Array.isArray(e.data?.elicitations) ? e.data.elicitations : undefined;
}

async function runCalls(
  client: CallingClient,
  calls: Call[],
  recorder: Recorder,
  requestOptions: Record<string, unknown>,
  urlRetries = false,
): Promise<void> {
  // The v1 and v2 clients disagree on the options' type (the third `callTool` parameter of v1 is a result schema).
  const c = client as unknown as {
    callTool(p: unknown, a?: unknown, b?: unknown): Promise<unknown>;
    getPrompt(p: unknown, o?: unknown): Promise<unknown>;
    readResource(p: unknown, o?: unknown): Promise<unknown>;
    listTools(p?: unknown, o?: unknown): Promise<unknown>;
    listResources(p?: unknown, o?: unknown): Promise<unknown>;
  };
  const isV1 = client instanceof ClientV1;
  const send = async (call: Call): Promise<unknown> => {
    if (call.kind === 'tools') return await c.listTools(undefined, requestOptions);
    if (call.kind === 'resources') return await c.listResources(undefined, requestOptions);
    if (call.kind === 'tool') {
      const params = { name: call.name, arguments: call.args ?? {} };
      return isV1 ? await c.callTool(params, undefined, requestOptions) : await c.callTool(params, requestOptions);
    }
    if (call.kind === 'prompt')
      return await c.getPrompt({ name: call.name, arguments: call.args ?? {} }, requestOptions);
    return await c.readResource({ uri: call.uri }, isV1 ? requestOptions : { ...requestOptions, cacheMode: 'bypass' });
  };
  for (const call of calls) {
    recorder.startCall();
    for (let attempt = 1; ; attempt++) {
      try {
        recorder.results.push(normalizeResult(await send(call)));
        break;
      } catch (err) {
        const elicitations = urlRetries ? urlElicitationsOf(err) : undefined;
        if (!elicitations || attempt >= URL_ELICITATION_ATTEMPTS) {
          recorder.results.push(toCallError(err));
          break;
        }
        // The old flow: the client shows each URL; once the user accepted (and finished) them all, it calls again from scratch.
        let accepted = true;
        for (const elicitation of elicitations) {
          // Every elicitation of -32042 is a URL elicitation, with or without its `mode`.
          const params = {
            ...(elicitation as Record<string, unknown>),
            mode: (elicitation as { mode?: unknown }).mode ?? 'url',
          };
          const answer = (await recorder.answer('elicitation/create', params)) as ElicitResult;
          if (answer.action !== 'accept') accepted = false;
        }
        if (!accepted) {
          recorder.results.push(toCallError(err));
          break;
        }
      }
    }
  }
}

type AnswerHandler = (request: { params?: unknown }) => Promise<never>;

/** Register one answer handler per declared capability (the clients refuse handlers for undeclared ones). */
function answerHandlers(capabilities: ClientCapabilities, recorder: Recorder): Array<[QuestionMethod, AnswerHandler]> {
  const out: Array<[QuestionMethod, AnswerHandler]> = [];
  const add = (method: QuestionMethod) =>
    out.push([method, (request) => recorder.answer(method, request.params) as Promise<never>]);
  if (capabilities.elicitation) add('elicitation/create');
  if (capabilities.sampling) add('sampling/createMessage');
  if (capabilities.roots) add('roots/list');
  return out;
}

function v2Client(
  capabilities: ClientCapabilities,
  recorder: Recorder,
  mode: 'legacy' | 'auto',
  autoFulfill = true,
): Client {
  const client = new Client(CLIENT_INFO, {
    capabilities,
    versionNegotiation: { mode },
    inputRequired: { autoFulfill },
  });
  for (const [method, handler] of answerHandlers(capabilities, recorder)) {
    client.setRequestHandler(method as 'elicitation/create', handler as never);
  }
  return client;
}

function v1Client(capabilities: ClientCapabilities, recorder: Recorder): ClientV1 {
  const client = new ClientV1(CLIENT_INFO, { capabilities: capabilities as never });
  const schemas = {
    'elicitation/create': ElicitRequestSchema,
    'sampling/createMessage': CreateMessageRequestSchema,
    'roots/list': ListRootsRequestSchema,
  } as const;
  for (const [method, handler] of answerHandlers(capabilities, recorder)) {
    client.setRequestHandler(schemas[method] as typeof ElicitRequestSchema, handler as never);
  }
  return client;
}

interface Connectable {
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
}

async function buildServer(mod: ServerModule, ...args: unknown[]): Promise<Connectable> {
  const server = (await mod.build(...args)) as Connectable;
  if (!server || typeof server.connect !== 'function') throw new Error('build() did not return a server');
  return server;
}

// ---------------------------------------------------------------------------------------------------------
// Runners

/** Connect a server and a client over an in-memory pair, run the calls, close both, and return what was recorded. */
async function runInMemory(
  server: { connect(t: never): Promise<void>; close(): Promise<void> },
  serverEnd: unknown,
  client: { connect(t: never): Promise<void>; close(): Promise<void> },
  clientEnd: unknown,
  calls: Call[],
  recorder: Recorder,
  options: RunOptions,
  urlRetries = false,
): Promise<Transcript> {
  try {
    await server.connect(serverEnd as never);
    await client.connect(clientEnd as never);
    await runCalls(
      client as unknown as CallingClient,
      calls,
      recorder,
      { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
      urlRetries,
    );
  } finally {
    await client.close().catch(() => {});
    await server.close().catch(() => {});
  }
  return recorder.transcript();
}

/**
 * ORIGINAL server, 2025 era: the client of the server's own SDK over that SDK's in-memory pair. A call that
 * fails with `-32042` (URL elicitation required) goes through the old flow: its elicitations are asked, and
 * the call is made again once all are accepted.
 */
export async function runOriginal(
  mod: ServerModule,
  sdk: 'v1' | 'v2',
  calls: Call[],
  script: ClientScript,
  options: RunOptions = {},
): Promise<Transcript> {
  const capabilities = options.capabilities ?? FULL_CAPABILITIES;
  const recorder = new Recorder(script, completionHook(mod, options));
  const server = await buildServer(mod);
  const [clientEnd, serverEnd] =
    sdk === 'v1' ? InMemoryTransportV1.createLinkedPair() : InMemoryTransport.createLinkedPair();
  const client = sdk === 'v1' ? v1Client(capabilities, recorder) : v2Client(capabilities, recorder, 'legacy');
  return runInMemory(server, serverEnd, client, clientEnd, calls, recorder, options, true);
}

/** MIGRATED server, 2025 era: one instance over an in-memory pair; the SDK's legacy shim asks the client. */
export async function runMigrated2025(
  mod: ServerModule,
  calls: Call[],
  script: ClientScript,
  options: Migrated2025Options = {},
): Promise<Transcript> {
  const capabilities = options.capabilities ?? FULL_CAPABILITIES;
  const recorder = new Recorder(script, completionHook(mod, options));
  const server = await buildServer(mod, { era: 'legacy' });
  const [clientEnd, serverEnd] = ServerInMemoryTransport.createLinkedPair();
  const client =
    options.client === 'v2' ? v2Client(capabilities, recorder, 'legacy') : v1Client(capabilities, recorder);
  return runInMemory(server, serverEnd, client, clientEnd, calls, recorder, options);
}

interface Http2026 {
  client: Client;
  close(): Promise<void>;
  /** JSON-RPC responses to requests of `method` seen on the wire (bodies are read in the background). */
  responses(method: string): Promise<WireResponse[]>;
}

interface WireResponse {
  id?: string | number;
  result?: RawResult;
  error?: NonNullable<RawResult['error']>;
}

/** A v2 client on the 2026 era against `createMcpHandler(build)`, in process (no network). */
async function connect2026(
  mod: ServerModule,
  capabilities: ClientCapabilities,
  recorder: Recorder,
  autoFulfill: boolean,
  authInfo?: RunOptions['authInfo'],
): Promise<Http2026> {
  const factory: McpServerFactory = (ctx) => mod.build(ctx) as ReturnType<McpServerFactory>;
  // `createMcpHandler` only serves servers of its own build (ESM vs CommonJS copies of the SDK are distinct).
  const create: typeof createMcpHandler =
    mod.format === 'cjs'
      ? (requireCjs('@modelcontextprotocol/server') as { createMcpHandler: typeof createMcpHandler }).createMcpHandler
      : createMcpHandler;
  const handler = create(factory);
  const methods = new Map<string | number, string>();
  const bodies: Array<Promise<string>> = [];
  const fetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    if (typeof init?.body === 'string') {
      for (const message of parseJsonRpcBody(init.body))
        if (message.id !== undefined && typeof message.method === 'string') methods.set(message.id, message.method);
    }
    const response = await handler.fetch(new Request(url, init), authInfo ? { authInfo } : undefined);
    bodies.push(
      response
        .clone()
        .text()
        .catch(() => ''),
    );
    return response;
  };
  const client = v2Client(capabilities, recorder, 'auto', autoFulfill);
  await client.connect(new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), { fetch }));
  if (client.getProtocolEra() !== 'modern')
    throw new Error(`expected the 2026 era, negotiated ${client.getNegotiatedProtocolVersion()}`);
  return {
    client,
    async close() {
      await client.close().catch(() => {});
      await handler.close().catch(() => {});
    },
    async responses(method) {
      const out: WireResponse[] = [];
      for (const body of await Promise.all(bodies)) {
        for (const message of parseJsonRpcBody(body)) {
          if (
            ('result' in message || 'error' in message) &&
            message.id !== undefined &&
            methods.get(message.id) === method
          )
            out.push(message as WireResponse);
        }
      }
      return out;
    },
  };
}

interface JsonRpcMessage {
  id?: string | number;
  method?: unknown;
  result?: unknown;
  error?: unknown;
}

/** A body is one JSON-RPC message or a batch (JSON mode), or an SSE stream of `data:` frames. */
function parseJsonRpcBody(body: string): JsonRpcMessage[] {
  const text = body.trim();
  if (!text) return [];
  if (text.startsWith('{') || text.startsWith('[')) {
    const parsed = JSON.parse(text) as unknown;
    return (Array.isArray(parsed) ? parsed : [parsed]) as JsonRpcMessage[];
  }
  const out: JsonRpcMessage[] = [];
  for (const frame of text.split(/\r?\n\r?\n/)) {
    const data = frame
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data) out.push(JSON.parse(data) as JsonRpcMessage);
  }
  return out;
}

/**
 * MIGRATED server, 2026 era: a fresh instance per HTTP request; the v2 client runs the `input_required`
 * loop (default 10 rounds) and answers through the same scripted handlers.
 */
export async function runMigrated2026(
  mod: ServerModule,
  calls: Call[],
  script: ClientScript,
  options: RunOptions = {},
): Promise<Transcript> {
  const capabilities = options.capabilities ?? FULL_CAPABILITIES;
  const recorder = new Recorder(script, completionHook(mod, options));
  const http = await connect2026(mod, capabilities, recorder, true);
  try {
    await runCalls(http.client, calls, recorder, { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  } finally {
    await http.close();
  }
  return recorder.transcript();
}

/**
 * MIGRATED server as `serveStdio(build)` serves it, in process (the stdio binding over an in-memory pair instead of
 * the process's pipes), with the v2 client in the 2026 era: one process per client, so every round of a request comes
 * back to the process that ran the ones before (no HTTP context).
 */
export async function runMigrated2026OverStdio(
  mod: ServerModule,
  calls: Call[],
  script: ClientScript,
  options: RunOptions = {},
): Promise<Transcript> {
  const capabilities = options.capabilities ?? FULL_CAPABILITIES;
  const recorder = new Recorder(script, completionHook(mod, options));
  const [clientEnd, serverEnd] = ServerInMemoryTransport.createLinkedPair();
  // The binding only serves servers of its own build (ESM vs CommonJS copies of the SDK are distinct).
  const serve: typeof serveStdio =
    mod.format === 'cjs'
      ? (requireCjs('@modelcontextprotocol/server/stdio') as { serveStdio: typeof serveStdio }).serveStdio
      : serveStdio;
  const handle = serve((ctx) => mod.build(ctx) as ReturnType<McpServerFactory>, { transport: serverEnd });
  const client = v2Client(capabilities, recorder, 'auto');
  try {
    await client.connect(clientEnd);
    expectEra(client, '2026');
    await runCalls(client as unknown as CallingClient, calls, recorder, {
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
  } finally {
    await client.close().catch(() => {});
    await handle.close().catch(() => {});
  }
  return recorder.transcript();
}

/**
 * One 2026-era request, without the client's loop: the JSON-RPC `result` exactly as the server sent it
 * (`resultType`, `inputRequests`, `requestState`, `_meta` included), or `{ error: { code, message, data } }`.
 * `extra` adds this round's `inputResponses` and/or an echoed (possibly tampered) `requestState`, and `_meta` (a progress
 * token, which may change from round to round) to the request's params.
 */
export async function rawCall2026(
  mod: ServerModule,
  call: Call,
  extra: { inputResponses?: Record<string, unknown>; requestState?: string; _meta?: Record<string, unknown> } = {},
  options: RunOptions = {},
): Promise<RawResult> {
  if (call.kind === 'tools' || call.kind === 'resources')
    throw new Error(`rawCall2026 makes MRTR-capable calls only, not a ${call.kind} listing`);
  const capabilities = options.capabilities ?? FULL_CAPABILITIES;
  const recorder = new Recorder({});
  const http = await connect2026(mod, capabilities, recorder, false, options.authInfo);
  const requestOptions = { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, allowInputRequired: true };
  const mrtr = {
    ...(extra.inputResponses ? { inputResponses: extra.inputResponses } : {}),
    ...(extra.requestState !== undefined ? { requestState: extra.requestState } : {}),
    ...(extra._meta ? { _meta: extra._meta } : {}),
  };
  let thrown: unknown;
  try {
    if (call.kind === 'tool')
      await http.client.callTool({ name: call.name, arguments: call.args ?? {}, ...mrtr }, requestOptions);
    else if (call.kind === 'prompt')
      await http.client.getPrompt({ name: call.name, arguments: call.args ?? {}, ...mrtr }, requestOptions);
    else await http.client.readResource({ uri: call.uri, ...mrtr }, { ...requestOptions, cacheMode: 'bypass' });
  } catch (err) {
    thrown = err;
  } finally {
    await http.close();
  }
  const method = call.kind === 'tool' ? 'tools/call' : call.kind === 'prompt' ? 'prompts/get' : 'resources/read';
  const wire = await http.responses(method);
  if (wire.length > 1) throw new Error(`expected one ${method} exchange, saw ${wire.length}`);
  if (wire[0]?.result) return wire[0].result;
  if (wire[0]?.error) return { error: wire[0].error };
  if (thrown) return { error: toCallError(thrown).error };
  throw new Error(`no ${method} response was seen on the wire`);
}

/**
 * A server as its users run it: `node <entry>` as a child process over stdio, with the v1 SDK's client (`v1`), or
 * the v2 client in the 2025 era (`2025`, legacy negotiation) or the 2026 era (`2026`, auto negotiation). The
 * child gets this process's environment (MCP_REQUEST_STATE_SECRET included) plus `env`.
 */
export async function runOverStdio(
  entry: string,
  era: 'v1' | '2025' | '2026',
  calls: Call[],
  script: ClientScript,
  options: RunOptions & { env?: Record<string, string> } = {},
): Promise<Transcript> {
  const env = Object.fromEntries(
    Object.entries({ ...process.env, ...options.env }).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const params = { command: process.execPath, args: [entry], env, stderr: 'inherit' as const };
  return runWithTransport(era, calls, script, options, () =>
    era === 'v1' ? new StdioClientTransportV1(params) : new StdioClientTransport(params),
  );
}

/** The SDK client of an era (v1, or v2 in the 2025 or 2026 era) over a transport: connect, make the calls, close. */
async function runWithTransport(
  era: 'v1' | '2025' | '2026',
  calls: Call[],
  script: ClientScript,
  options: RunOptions,
  transportOf: () => unknown,
): Promise<Transcript> {
  const capabilities = options.capabilities ?? FULL_CAPABILITIES;
  const recorder = new Recorder(script);
  const client =
    era === 'v1'
      ? v1Client(capabilities, recorder)
      : v2Client(capabilities, recorder, era === '2026' ? 'auto' : 'legacy');
  try {
    await (client as unknown as Connectable).connect(transportOf());
    if (client instanceof Client) expectEra(client, era);
    await runCalls(client as unknown as CallingClient, calls, recorder, {
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
  } finally {
    await client.close().catch(() => {});
  }
  return recorder.transcript();
}

function expectEra(client: Client, era: 'v1' | '2025' | '2026'): void {
  const modern = client.getProtocolEra() === 'modern';
  if (modern !== (era === '2026'))
    throw new Error(`expected the ${era} era, negotiated ${client.getNegotiatedProtocolVersion()}`);
}

/** A node:http server on a free loopback port; `handle` answers each request. */
async function listenLoopback(
  handle: (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => Promise<void>,
): Promise<{ url: URL; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * ORIGINAL v1 server over real loopback HTTP: the v1 SDK's sessionful Streamable HTTP wiring (one server and
 * transport for the session), and the v1 client.
 */
export async function runOriginalOverHttp(
  mod: ServerModule,
  calls: Call[],
  script: ClientScript,
  options: RunOptions = {},
): Promise<Transcript> {
  const capabilities = options.capabilities ?? FULL_CAPABILITIES;
  const recorder = new Recorder(script);
  const server = await buildServer(mod);
  const transport = new StreamableHTTPServerTransportV1({ sessionIdGenerator: () => crypto.randomUUID() });
  await server.connect(transport);
  const listener = await listenLoopback(async (req, res, body) => {
    await transport.handleRequest(req, res, body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined);
  });
  const client = v1Client(capabilities, recorder);
  try {
    await client.connect(new StreamableHTTPClientTransportV1(listener.url));
    await runCalls(client as unknown as CallingClient, calls, recorder, {
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
  } finally {
    await client.close().catch(() => {});
    await server.close().catch(() => {});
    await listener.close();
  }
  return recorder.transcript();
}

/**
 * The HTTP wiring that serves both eras with asks: 2026-era requests to `createMcpHandler(build, { legacy: 'reject' })`,
 * 2025-era ones (`isLegacyRequest`) to a sessionful Streamable HTTP transport per session, each with its own
 * server from the same factory (the SDK's legacy shim then sends the asks as real requests on the session).
 */
function sessionfulLegacyRoute(mod: ServerModule): {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
} {
  const modern = createMcpHandler((ctx) => mod.build(ctx) as ReturnType<McpServerFactory>, { legacy: 'reject' });
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const servers: Connectable[] = [];
  return {
    async fetch(request) {
      const text = request.method === 'POST' ? await request.clone().text() : '';
      let parsedBody: unknown;
      try {
        parsedBody = text ? JSON.parse(text) : undefined;
      } catch {
        parsedBody = undefined;
      }
      if (!(await isLegacyRequest(request, parsedBody))) return modern.fetch(request);
      const existing = sessions.get(request.headers.get('mcp-session-id') ?? '');
      if (existing) return existing.handleRequest(request, { parsedBody });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, transport),
      });
      const server = await buildServer(mod, { era: 'legacy' });
      servers.push(server);
      await server.connect(transport);
      return transport.handleRequest(request, { parsedBody });
    },
    async close() {
      for (const server of servers) await server.close().catch(() => {});
      await modern.close().catch(() => {});
    },
  };
}

/**
 * MIGRATED server over real loopback HTTP behind node:http (request and response bodies streamed through), with
 * the v2 client in the 2026 era (`auto`) or the 2025 era (`legacy`). `wiring`: `createMcpHandler(build)` alone
 * (its default stateless legacy serving), or with a sessionful legacy route in front (`sessionfulLegacyRoute`).
 */
export async function runMigratedOverHttp(
  mod: ServerModule,
  era: '2025' | '2026',
  calls: Call[],
  script: ClientScript,
  options: RunOptions & { wiring?: 'createMcpHandler' | 'sessionful-legacy' } = {},
): Promise<Transcript> {
  const capabilities = options.capabilities ?? FULL_CAPABILITIES;
  const recorder = new Recorder(script);
  const handler =
    options.wiring === 'sessionful-legacy'
      ? sessionfulLegacyRoute(mod)
      : createMcpHandler((ctx) => mod.build(ctx) as ReturnType<McpServerFactory>);
  const listener = await listenLoopback(async (req, res, body) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const method = req.method ?? 'GET';
    const request = new Request(new URL(req.url ?? '/', listener.url), {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
    });
    const response = await handler.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body)
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
    res.end();
  });
  const client = v2Client(capabilities, recorder, era === '2026' ? 'auto' : 'legacy');
  try {
    await client.connect(new StreamableHTTPClientTransport(listener.url));
    expectEra(client, era);
    await runCalls(client as unknown as CallingClient, calls, recorder, {
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
  } finally {
    await client.close().catch(() => {});
    await handler.close().catch(() => {});
    await listener.close();
  }
  return recorder.transcript();
}

/** Run the ORIGINAL (its own SDK, 2025) and the MIGRATED server (2026 and 2025 through the shim) with one script. */
export async function runEquivalence(
  original: ServerModule,
  sdk: 'v1' | 'v2',
  migrated: ServerModule,
  calls: Call[],
  script: ClientScript,
  options: RunOptions = {},
): Promise<{ original: Transcript; migrated2026: Transcript; migrated2025: Transcript }> {
  return {
    original: await runOriginal(original, sdk, calls, script, options),
    migrated2026: await runMigrated2026(migrated, calls, script, options),
    migrated2025: await runMigrated2025(migrated, calls, script, options),
  };
}

/**
 * The one mapping between an original and a migrated final outcome (README, "The explicit rewrite"). A tool
 * whose user declined a URL elicitation ended, in the old flow, with the JSON-RPC error `-32042` and the
 * error's message M; 2026-07-28 has no `-32042`, and the migrated tool ends with the tool error
 * `{ content: [{ type: 'text', text: M }], isError: true }`. This maps each such outcome of a tool call to
 * the tool error, and nothing else: compare `urlErrorsAsToolErrors(original, calls)` with the migrated runs.
 */
export function urlErrorsAsToolErrors(transcript: Transcript, calls: Call[]): Transcript {
  return {
    questions: transcript.questions,
    results: transcript.results.map((outcome, i) => {
      const error = 'error' in outcome ? (outcome as CallError).error : undefined;
      if (calls[i]?.kind !== 'tool' || error?.code !== URL_ELICITATION_REQUIRED) return outcome;
      return { content: [{ type: 'text', text: error.message }], isError: true };
    }),
  };
}

/** The label the migrated codec derives its AES-256-GCM key under (HKDF-SHA256 of MCP_REQUEST_STATE_SECRET). */
export const STATE_ENCRYPTION_LABEL = 'mcp-mrtr requestState encryption';

/** What a client can read of a `requestState`: the SDK codec's `v1.<base64url(JSON)>.<mac>` body, decoded. */
export function readableRequestState(state: string): string {
  const [version, body] = state.split('.');
  if (version !== 'v1' || !body) throw new Error(`not a v1 requestState: ${state.slice(0, 40)}`);
  return Buffer.from(body, 'base64url').toString('utf8');
}

/**
 * The payload a migrated server put in a `requestState` (what `ctx.mcpReq.requestState()` returns): the signed
 * body's `p`, opened with the key derived from `MCP_REQUEST_STATE_SECRET` when it is sealed (a base64url string of
 * `iv || ciphertext || tag`).
 */
export function requestStatePayload(state: string): unknown {
  const { p } = JSON.parse(readableRequestState(state)) as { p: unknown };
  if (typeof p !== 'string') return p;
  const secret = process.env.MCP_REQUEST_STATE_SECRET ?? '';
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, '', STATE_ENCRYPTION_LABEL, 32));
  const sealed = Buffer.from(p, 'base64url');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(-16));
  return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(12, -16)), decipher.final()]).toString('utf8'));
}

/**
 * A tampered copy of a `requestState`: for the SDK codec's `v1.<payload>.<mac>` shape the payload is
 * re-encoded with one more field (still well-formed, MAC no longer matches); otherwise one character in the
 * middle is changed.
 */
export function tamperRequestState(state: string): string {
  const parts = state.split('.');
  if (parts.length === 3 && parts[0] === 'v1') {
    try {
      const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
      payload.tampered = crypto.randomUUID();
      return [parts[0], Buffer.from(JSON.stringify(payload)).toString('base64url'), parts[2]].join('.');
    } catch {
      // fall through to the generic tamper
    }
  }
  const i = Math.floor(state.length / 2);
  return state.slice(0, i) + (state[i] === 'A' ? 'B' : 'A') + state.slice(i + 1);
}

/** A free loopback port (listen on 0, read it, close): the child process gets it as `PORT`. */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Wait until something accepts connections on the port (the child's HTTP server is up), or fail after `timeoutMs`. */
async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server process exited with ${child.exitCode} before listening`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listened on 127.0.0.1:${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface HttpEntry {
  url: URL;
  stop(): Promise<void>;
}

/**
 * A server as its users run it over HTTP: `node <entry>` as a child process with `PORT` (a free loopback port) and
 * `env`, serving at `http://127.0.0.1:<port><path>`. Its own wiring (framework, sessions, auth, host checks) is what
 * answers; `stop` kills it.
 */
export async function startHttpEntry(
  entry: string,
  options: { env?: Record<string, string>; path?: string; timeoutMs?: number } = {},
): Promise<HttpEntry> {
  const port = await freePort();
  const env = Object.fromEntries(
    Object.entries({ ...process.env, ...options.env, PORT: String(port) }).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitForPort(port, child, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  } catch (err) {
    child.kill();
    throw err;
  }
  return {
    url: new URL(`http://127.0.0.1:${port}${options.path ?? '/mcp'}`),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/**
 * Drive a server started by {@link startHttpEntry} over real loopback HTTP: the v1 SDK's client (`v1`), or the v2
 * client in the 2025 era (`2025`, legacy negotiation) or the 2026 era (`2026`, auto negotiation, checked). `headers`
 * go on every request (e.g. `authorization`); `fetch` replaces the client's (e.g. {@link fetchWithHost}).
 */
export async function runOverHttp(
  url: URL,
  era: 'v1' | '2025' | '2026',
  calls: Call[],
  script: ClientScript,
  options: RunOptions & {
    headers?: Record<string, string>;
    fetch?: (url: string | URL, init?: RequestInit) => Promise<Response>;
  } = {},
): Promise<Transcript> {
  const transportOptions = {
    requestInit: { headers: options.headers ?? {} },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  return runWithTransport(era, calls, script, options, () =>
    era === 'v1'
      ? new StreamableHTTPClientTransportV1(url, transportOptions)
      : new StreamableHTTPClientTransport(url, transportOptions),
  );
}

/**
 * A `fetch` for SDK client transports that sends every request with the given `Host` header (the platform's fetch
 * does not let a caller set it), over node:http: what a DNS-rebinding page's requests look like to the server.
 * The response body streams (SSE included); the request's abort signal ends the exchange.
 */
export function fetchWithHost(host: string): (url: string | URL, init?: RequestInit) => Promise<Response> {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const headers: Record<string, string> = { ...Object.fromEntries(new Headers(init?.headers).entries()), host };
      const request = http.request(
        new URL(url),
        { method: init?.method ?? 'GET', headers, ...(init?.signal ? { signal: init.signal } : {}) },
        (response) => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (typeof value === 'string') responseHeaders.set(name, value);
          const status = response.statusCode ?? 500;
          const body =
            status === 204 || status === 304 ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>);
          resolve(new Response(body, { status, headers: responseHeaders }));
        },
      );
      request.on('error', reject);
      if (typeof init?.body === 'string') request.write(init.body);
      request.end();
    });
}
