// The replay runtime of MRTR (multi round-trip requests), written once into this project by mcp-mrtr-codemod.
// It is yours: read it, keep it under version control, change it.
//
// Since MCP 2026-07-28 a server can no longer send its own requests (elicitation, sampling, roots) to the
// client while it handles a tool call, prompt or resource read: it answers `input_required` with its
// questions, and the client retries the same request with the answers. A handler wrapped with
// `withAsks` keeps its asks where they were (`await ask.elicitInput(params)`): the first time a round
// reaches an ask whose answer is not known, the round ends with `inputRequired`; the retry runs the handler
// again from the top, and the same ask returns the recorded answer.
//
// Code before an ask runs again on every round. Reads are harmless; an effect (a write, a network call, an id
// or a clock read) is wrapped with `step(label, run)`: the first round that reaches it runs it and records its
// result in the state, later rounds return the record (as durable-execution engines journal their activities).
// A step whose result is not plain data (a class instance, a Map, a Date, a function) cannot travel in the state:
// it is kept in this process's memory when the next round comes back here (2025-era requests, stdio), and fails
// at once with an error that names it in a 2026-era request over HTTP, which another instance may answer.
//
// Answers recorded so far travel in requestState, signed with the server's codec (createRequestStateCodec);
// each is bound to a fingerprint of the question it answered, so a changed question is asked again and is
// never given a stale answer. The state is bound to its call (method, registered name and arguments): a state
// minted for another call is ignored. An answer counts only for a question the state says the last round
// asked, and answers are checked against the SDK's result schemas as the old calls did.
//
// The server's requestState codec is here too (`sharedRequestStateCodec`, for replayed handlers and step functions
// alike): it encrypts and signs each state with MCP_REQUEST_STATE_SECRET, expires it, binds it to the method and the
// authenticated client, and lets each state open once. One per process, whichever file asks for it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import {
  CLIENT_CAPABILITIES_META_KEY,
  createRequestStateCodec,
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  fromJsonSchema,
  inputRequired,
  specTypeSchemas,
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type CreateMessageRequestParamsBase,
  type CreateMessageRequestParamsWithTools,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type ElicitRequestFormParams,
  type ElicitRequestURLParams,
  type ElicitResult,
  type InputRequest,
  type ListRootsResult,
  type RequestStateCodec,
  type ServerContext,
  type SpecTypes,
  type StandardSchemaV1,
} from '@modelcontextprotocol/server';

type Question =
  | { method: 'elicitation/create'; params: ElicitRequestFormParams | ElicitRequestURLParams }
  | { method: 'sampling/createMessage'; params: CreateMessageRequestParams }
  | { method: 'roots/list' };

interface Recorded {
  /** The fingerprint of the question this answers. */
  question: string;
  answer: unknown;
}

/** What travels in requestState between rounds (next to any step function's own state). */
interface ReplayState {
  replay: {
    /** The call this state belongs to: a digest of its method and arguments. */
    call: string;
    /** The answers so far, by ask key. */
    answers: Record<string, Recorded>;
    /** The questions the last round asked: key -> fingerprint. */
    asked: Record<string, string>;
    /** The results of the steps run so far, by step key (`step_<n>`: the n-th step a round reaches). */
    steps?: Record<string, Journaled>;
  };
}

interface Journaled {
  /** The fingerprint of the label of the step that recorded it. */
  label: string;
  value?: unknown;
  /** A value JSON cannot carry, kept in this process's memory (see keptValues): its id there. */
  kept?: string;
}

interface Round {
  /** The request being handled; none in a run with scripted answers (`runWithAnswers`). */
  ctx?: ServerContext;
  /** The low-level server of the handler (`withAsks`' first argument); none in `runWithAnswers`. */
  server?: CapabilitySource;
  capabilities: ClientCapabilities | undefined;
  answers: Record<string, Recorded>;
  /** How many asks this run of the handler has reached: the n-th ask's key is `<kind>_<n>`. */
  reached: number;
  missing: Array<{ key: string; question: Question; fingerprint: string }>;
  /** In `runWithAnswers`: where each ask's answer comes from. */
  script?: (question: Question) => unknown;
  /** The step journal: what earlier rounds recorded, and what this one adds. */
  steps: Record<string, Journaled>;
  /** How many steps this run of the handler has reached: the n-th step's key is `step_<n>`. */
  stepped: number;
}

const rounds = new AsyncLocalStorage<Round>();

/** Thrown by an ask whose answer is not known yet; `withAsks` turns it into `inputRequired`. */
class InputRequiredSignal extends Error {
  constructor(readonly key: string) {
    super(`input required: ${key} (an ask ends this round; catch blocks must rethrow this, see isInputRequiredSignal)`);
    this.name = 'InputRequiredSignal';
  }
}

/** True for the signal an unanswered ask throws: catch blocks between a handler and an ask rethrow it. */
export function isInputRequiredSignal(error: unknown): boolean {
  return error instanceof InputRequiredSignal;
}

/**
 * The results of `Promise.allSettled` with the signal of an unanswered ask rethrown: a `{ status: 'rejected' }`
 * entry must not stand for a question the client has not been asked yet. Use it as `.then(rethrowInputRequired)`.
 */
export function rethrowInputRequired<T extends readonly PromiseSettledResult<unknown>[]>(results: T): T {
  for (const result of results) if (result.status === 'rejected' && isInputRequiredSignal(result.reason)) throw result.reason;
  return results;
}

/** A low-level server, for the 2025 era's client capabilities (declared once, at initialize). */
interface CapabilitySource {
  getClientCapabilities(): ClientCapabilities | undefined;
}

/** The push-style API the old calls used: a low-level server's, still served to 2025-era sessions. */
interface PushServer extends CapabilitySource {
  readonly transport?: unknown;
  elicitInput(params: ElicitRequestFormParams | ElicitRequestURLParams, options?: unknown): Promise<ElicitResult>;
  createMessage(params: CreateMessageRequestParams, options?: unknown): Promise<CreateMessageResult | CreateMessageResultWithTools>;
  listRoots(params?: unknown, options?: unknown): Promise<ListRootsResult>;
  request(request: unknown, resultSchemaOrOptions?: unknown, options?: unknown): Promise<unknown>;
}

// The servers handlers were wrapped for, held weakly. Outside a wrapped handler (an ask reached from a
// subscription, a notification, startup), the one connected server of this process still takes the old
// push-style request: a 2025-era session keeps working as before; a 2026-era one gets the SDK's own error.
// WeakRef and FinalizationRegistry through globalThis, typed here: the project's tsconfig may predate their lib (ES2021).
interface ServerRef {
  deref(): CapabilitySource | undefined;
}
const { WeakRef: Ref, FinalizationRegistry: Registry } = globalThis as unknown as {
  WeakRef: new (server: CapabilitySource) => ServerRef;
  FinalizationRegistry: new (cleanup: (ref: ServerRef) => void) => { register(server: object, ref: ServerRef): void };
};
const servers = new Set<ServerRef>();
/** Each server `withAsks` has seen, with what initialize declared (its own `getClientCapabilities`). */
const declared = new WeakMap<CapabilitySource, () => ClientCapabilities | undefined>();
const forget = new Registry((ref) => servers.delete(ref));

function remember(server: CapabilitySource): void {
  if (declared.has(server)) return;
  const initialized = server.getClientCapabilities.bind(server);
  declared.set(server, initialized);
  // In a round, the server's client capabilities are the request's: since 2026-07-28 they come with each request
  // (under serveStdio initialize never sets them), so a check anywhere in the handler's code, a helper's
  // `server.getClientCapabilities()?.sampling` included, answers as the ask it guards does.
  server.getClientCapabilities = () => {
    const round = rounds.getStore();
    return round?.server === server ? round.capabilities : initialized();
  };
  const ref = new Ref(server);
  servers.add(ref);
  forget.register(server, ref);
}

/** Outside a wrapped handler: the one connected server of this process, else the reason there is none. */
function pushServer(what: string): PushServer {
  const connected = [...servers]
    .map((ref) => ref.deref() as PushServer | undefined)
    .filter((server): server is PushServer => server?.transport !== undefined);
  if (connected.length === 1) return connected[0]!;
  const why = connected.length === 0 ? 'and no server of this process is connected' : 'and several servers of this process are connected';
  throw new Error(`${what} was reached outside a handler wrapped with withAsks ${why}: since MCP 2026-07-28 a server can ask the client only while it answers a tool call, prompt or resource read (a 2025-era session is still asked through the one connected server)`);
}

/**
 * Wrap a tool, prompt or resource handler whose asks (possibly in helpers it calls) use `ask`. The handler's
 * context is its last argument; `server` is the low-level server (`mcpServer.server`); `codec` is the
 * server's requestState codec (the one its `requestState.verify` uses); `registered.name` is the name the
 * handler is registered under (`'delete_note'`), so a state minted by another tool called with the same
 * arguments is not this one's.
 */
export function withAsks<H extends (...args: never[]) => unknown>(server: CapabilitySource, codec: RequestStateCodec, handler: H, registered?: { name: string }): H {
  remember(server);
  const wrapped = async (...args: Parameters<H>) => {
    const ctx = args[args.length - 1] as unknown as ServerContext;
    // A state minted for another call (another method, tool or arguments) counts as no state at all.
    const call = callDigest(ctx.mcpReq.method, registered?.name, args.slice(0, -1));
    const resumed = ctx.mcpReq.requestState<ReplayState>()?.replay;
    const state = resumed?.call === call ? resumed : undefined;
    const answers: Record<string, Recorded> = { ...state?.answers };
    // This round's answers count only for the questions the last round asked (the signed state says which).
    const responses = ctx.mcpReq.inputResponses ?? {};
    for (const [key, question] of Object.entries(state?.asked ?? {})) {
      if (responses[key] !== undefined) answers[key] = { question, answer: responses[key] };
    }
    // The request's own client capabilities (2026 era), else what initialize declared (2025 era).
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    const capabilities = (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ?? declared.get(server)!();
    const round: Round = { ctx, server, capabilities, answers, reached: 0, missing: [], steps: { ...state?.steps }, stepped: 0 };
    let result: unknown;
    try {
      result = await rounds.run(round, () => handler(...args));
    } catch (error) {
      if (round.missing.length === 0) throw error;
    }
    // A round that reached an unanswered ask ends here, even when a catch swallowed the signal.
    if (round.missing.length === 0) return result;
    const inputRequests: Record<string, InputRequest> = {};
    for (const { key, question } of round.missing) inputRequests[key] = requestOf(question);
    const asked = Object.fromEntries(round.missing.map(({ key, fingerprint }) => [key, fingerprint]));
    const steps = Object.keys(round.steps).length > 0 ? { steps: round.steps } : {};
    const payload: ReplayState = { replay: { call, answers, asked, ...steps } };
    overBudget(payload, registered?.name ?? ctx.mcpReq.method);
    return inputRequired({ inputRequests, requestState: await codec.mint(payload, ctx) });
  };
  return wrapped as unknown as H;
}

/**
 * The budget of the replay state: every round's state carries the answers so far to the client and back. A state
 * over it still works; the server says so once per handler on stderr (keep large values out of the answers).
 */
export const REPLAY_STATE_BUDGET_BYTES = 16 * 1024;
const warnedOverBudget = new Set<string>();

function overBudget(payload: ReplayState, handler: string): void {
  const bytes = Buffer.byteLength(JSON.stringify(payload), 'utf8');
  if (bytes <= REPLAY_STATE_BUDGET_BYTES || warnedOverBudget.has(handler)) return;
  warnedOverBudget.add(handler);
  console.warn(`mcp-mrtr: the replay state of ${handler} is ${bytes} bytes, over its budget of ${REPLAY_STATE_BUDGET_BYTES}: the client carries it on every round`);
}

/** A question as `runWithAnswers` hands it to its script: the request the old push-style call sent. */
export type ScriptedQuestion = Question;

/**
 * Run code that asks (a replayed helper, called directly by a test) outside a request, each ask answered by
 * `answer(question)` at once, as the client answered the old push-style request: the client declares every
 * capability unless `capabilities` says otherwise. Answers are checked with the SDK's result schemas as in a request.
 *
 *   const ok = await runWithAnswers(() => ({ action: 'accept', content: { confirm: true } }), () => confirmDelete('a.txt'));
 */
export function runWithAnswers<T>(answer: (question: ScriptedQuestion) => unknown, run: () => T | Promise<T>, capabilities?: ClientCapabilities): Promise<T> {
  const declared: ClientCapabilities = capabilities ?? { elicitation: { form: {}, url: {} }, sampling: { tools: {} }, roots: {} };
  const round: Round = { capabilities: declared, answers: {}, reached: 0, missing: [], steps: {}, stepped: 0, script: answer };
  return rounds.run(round, async () => run());
}

/** The client capabilities of the request being handled (what the old `getClientCapabilities()` read). */
export function clientCapabilities(): ClientCapabilities | undefined {
  const round = rounds.getStore();
  return round ? round.capabilities : pushServer('clientCapabilities()').getClientCapabilities();
}

/**
 * A journaled step: `await step('quotes.open', () => quotes.open(order))`. The first round that reaches it runs
 * `run` and records what it returned (as JSON) in the state; later rounds of the same call return the record
 * without running it. The n-th step a round reaches has the key `step_<n>`; a record made by a step with another
 * label (the path went another way) is not used: this step runs and replaces it. A step that throws records
 * nothing. Outside a `withAsks` handler it just runs.
 */
export function step<T>(label: string, run: () => T | Promise<T>): Promise<T> {
  const round = rounds.getStore();
  if (!round) return settle(run, (value) => value);
  round.stepped += 1;
  const key = `step_${round.stepped}`;
  const fingerprint = createHash('sha256').update(label).digest('base64url').slice(0, 22);
  const journaled = round.steps[key];
  // A copy each time: the handler may change the value it gets (`input.summary = ...`), and the record the state
  // carries to the next round must stay what the effect gave.
  if (journaled && journaled.label === fingerprint) {
    if (journaled.kept !== undefined) return Promise.resolve(keptValue(journaled.kept, label) as T);
    return Promise.resolve((journaled.value === undefined ? undefined : JSON.parse(JSON.stringify(journaled.value))) as T);
  }
  return settle(run, (value) => {
    // Replayed, a value JSON cannot carry would come back as something else (a Map as {}, a Date as text, an object
    // without its methods). A round that comes back to this process keeps it in memory; one that may come back to
    // another (a 2026-era request over HTTP) is refused now, on the round that ran the effect, rather than wrong on a
    // later one.
    const unfit = notPlainData(value, 0);
    if (unfit !== undefined) {
      if (returnsHere(round)) {
        round.steps[key] = { label: fingerprint, kept: keepValue(value) };
        return value;
      }
      throw new Error(
        `step('${label}') gave ${unfit}, which requestState cannot carry between rounds of a 2026-era request over HTTP (only plain data: text, ` +
          'finite numbers, booleans, null, arrays and plain objects); journal a plain value instead (an id, a copy of the fields used)',
      );
    }
    // A copy as the state will carry it: a later change to the live value does not change the record.
    round.steps[key] = { label: fingerprint, value: value === undefined ? undefined : JSON.parse(JSON.stringify(value)) };
    return value;
  });
}

/**
 * Whether the next round of this request comes back to this process: a 2025-era request (the SDK's shim asks the
 * client and calls the handler again itself) and any request over stdio (one process per client) do; a 2026-era
 * request over HTTP may reach another instance.
 */
function returnsHere(round: Round): boolean {
  return round.ctx === undefined || round.ctx.http === undefined || round.ctx.mcpReq.envelope === undefined;
}

/** Step values JSON cannot carry, kept for the rounds that come back to this process: id -> value, until it expires. */
const keptValues = new Map<string, { value: unknown; expires: number }>();

function keepValue(value: unknown): string {
  const now = Date.now();
  // Kept as long as a state lives; ids come in expiry order, so the expired ones are the oldest.
  for (const [id, entry] of keptValues) {
    if (entry.expires > now) break;
    keptValues.delete(id);
  }
  const id = randomBytes(12).toString('base64url');
  keptValues.set(id, { value, expires: now + STATE_TTL_SECONDS * 1000 });
  return id;
}

function keptValue(id: string, label: string): unknown {
  const entry = keptValues.get(id);
  if (entry === undefined || entry.expires <= Date.now()) {
    throw new Error(`step('${label}'): the value it gave on an earlier round is no longer in this process's memory (it expired, or the process restarted): call the tool again`);
  }
  return entry.value;
}

/** What makes a step's value something JSON cannot carry as it is, or undefined when it is plain data. */
function notPlainData(value: unknown, depth: number): string | undefined {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `the number ${value}`;
  if (typeof value !== 'object') return `a ${typeof value}`;
  if (depth > 64) return 'a value nested more than 64 levels deep';
  if (Array.isArray(value)) {
    for (const item of value) {
      const unfit = notPlainData(item, depth + 1);
      if (unfit !== undefined) return unfit;
    }
    return undefined;
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null) {
    return `an instance of ${(value as { constructor?: { name?: string } }).constructor?.name || 'a class'}`;
  }
  for (const item of Object.values(value)) {
    const unfit = notPlainData(item, depth + 1);
    if (unfit !== undefined) return unfit;
  }
  return undefined;
}

/** `run()` as a promise: a synchronous result is recorded at once, a thrown error is a rejection. */
function settle<T>(run: () => T | Promise<T>, record: (value: T) => T): Promise<T> {
  let result: T | Promise<T>;
  try {
    result = run();
  } catch (error) {
    return Promise.reject(error);
  }
  // A thenable (a query builder, another library's promise) is awaited like a promise.
  const thenable = typeof (result as PromiseLike<T> | undefined)?.then === 'function';
  return thenable ? Promise.resolve(result).then(record) : Promise.resolve(record(result as T));
}

/** The asks: the old server->client requests, same parameters and results, inside a `withAsks` handler. */
export const ask = {
  /** Was `server.elicitInput(params)` / `ctx.mcpReq.elicitInput(params)`. Request options no longer apply. */
  async elicitInput(params: ElicitRequestFormParams | ElicitRequestURLParams, options?: unknown): Promise<ElicitResult> {
    const round = rounds.getStore();
    if (!round) return pushServer('ask.elicitInput()').elicitInput(params, options);
    const elicitation = round.capabilities?.elicitation;
    // The old call threw these for clients without the capability (existing fallbacks catch them).
    if (params.mode === 'url' && !elicitation?.url) throw new SdkError(SdkErrorCode.CapabilityNotSupported, 'Client does not support url elicitation.');
    if (params.mode !== 'url' && (!elicitation || (!elicitation.form && elicitation.url))) {
      throw new SdkError(SdkErrorCode.CapabilityNotSupported, 'Client does not support form elicitation.');
    }
    // A URL elicitation's id may be new on every run: the question is its message and URL.
    const question: Question = {
      method: 'elicitation/create',
      params: params.mode === 'url' ? { mode: 'url', message: params.message, url: params.url } as ElicitRequestURLParams : { ...params, mode: 'form' },
    };
    const answer = checked('elicitation/create', 'ElicitResult', await recall(round, 'elicit', question));
    // The old call validated accepted form content against requestedSchema.
    if (params.mode !== 'url' && answer.action === 'accept' && answer.content && 'requestedSchema' in params) {
      const validation = fromJsonSchema(params.requestedSchema)['~standard'].validate(answer.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    return answer;
  },
  createMessage,
  /** Was `server.listRoots()`. */
  async listRoots(params?: unknown, options?: unknown): Promise<ListRootsResult> {
    const round = rounds.getStore();
    if (!round) return pushServer('ask.listRoots()').listRoots(params, options);
    if (!round.capabilities?.roots) throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
    return checked('roots/list', 'ListRootsResult', await recall(round, 'roots', { method: 'roots/list' }));
  },
  request,
};

/** Was `server.createMessage(params)` / `ctx.mcpReq.requestSampling(params)`; typed like the server's overloads. */
function createMessage(params: CreateMessageRequestParamsBase, options?: unknown): Promise<CreateMessageResult>;
function createMessage(params: CreateMessageRequestParamsWithTools, options?: unknown): Promise<CreateMessageResultWithTools>;
function createMessage(params: CreateMessageRequestParams, options?: unknown): Promise<CreateMessageResult | CreateMessageResultWithTools>;
async function createMessage(params: CreateMessageRequestParams, options?: unknown): Promise<CreateMessageResult | CreateMessageResultWithTools> {
  const round = rounds.getStore();
  if (!round) return pushServer('ask.createMessage()').createMessage(params, options);
  // The old call sent the request anyway, and a client without the capability answered "Method not found".
  if (!round.capabilities?.sampling) throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
  if ((params.tools || params.toolChoice) && !round.capabilities.sampling.tools) throw new SdkError(SdkErrorCode.CapabilityNotSupported, 'Client does not support sampling tools capability.');
  checkToolMessages(params.messages);
  const answer = await recall(round, 'sample', { method: 'sampling/createMessage', params });
  return params.tools || params.toolChoice ? checked('sampling/createMessage', 'CreateMessageResultWithTools', answer) : checked('sampling/createMessage', 'CreateMessageResult', answer);
}

/** What `server.request(...)` and `ctx.mcpReq.send(...)` sent: one of the three server->client requests. */
type AskRequest =
  | { method: 'elicitation/create'; params: ElicitRequestFormParams | ElicitRequestURLParams | Omit<ElicitRequestFormParams, 'mode'> }
  | { method: 'sampling/createMessage'; params: CreateMessageRequestParams }
  | { method: 'roots/list'; params?: Record<string, unknown> };

/**
 * Was `server.request({ method, params }, ResultSchema)` / `ctx.mcpReq.send(...)`: the raw request, so none of
 * the checks `elicitInput` and `createMessage` add (a client without the capability answered "Method not found",
 * accepted form content was not validated); the answer is parsed with the result schema when one is given.
 */
function request<S extends StandardSchemaV1>(request: { method: string; params?: object }, resultSchema: S, options?: unknown): Promise<StandardSchemaV1.InferOutput<S>>;
function request(request: Extract<AskRequest, { method: 'elicitation/create' }>, options?: unknown): Promise<ElicitResult>;
function request(request: Extract<AskRequest, { method: 'sampling/createMessage' }>, options?: unknown): Promise<CreateMessageResult>;
function request(request: Extract<AskRequest, { method: 'roots/list' }>, options?: unknown): Promise<ListRootsResult>;
async function request(request: { method: string; params?: object }, resultSchema?: unknown, options?: unknown): Promise<unknown> {
  const round = rounds.getStore();
  if (!round) return isStandardSchema(resultSchema) ? pushServer('ask.request()').request(request, resultSchema, options) : pushServer('ask.request()').request(request, resultSchema);
  const kinds = { 'elicitation/create': ['elicitation', 'elicit'], 'sampling/createMessage': ['sampling', 'sample'], 'roots/list': ['roots', 'roots'] } as const;
  if (!Object.prototype.hasOwnProperty.call(kinds, request.method)) {
    throw new SdkError(SdkErrorCode.CapabilityNotSupported, `ask.request() asks only elicitation/create, sampling/createMessage and roots/list; ${request.method} cannot be sent while a handler answers a request since MCP 2026-07-28`);
  }
  const method = request.method as AskRequest['method'];
  const [capability, kind] = kinds[method];
  if (!round.capabilities?.[capability]) throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
  const question = (method === 'roots/list' ? { method: 'roots/list' } : { method, params: request.params }) as Question;
  const answer = await recall(round, kind, question);
  if (!isStandardSchema(resultSchema)) return checked(method, RESULT_TYPES[method], answer);
  let validation = resultSchema['~standard'].validate(answer);
  if (validation instanceof Promise) validation = await validation;
  if (validation.issues) throw new SdkError(SdkErrorCode.InvalidResult, `Invalid ${request.method} result: ${validation.issues.map((issue) => issue.message).join(', ')}`);
  return validation.value;
}

const RESULT_TYPES = { 'elicitation/create': 'ElicitResult', 'sampling/createMessage': 'CreateMessageResult', 'roots/list': 'ListRootsResult' } as const;

/** The old calls parsed the client's answer with the SDK's result schema: a malformed answer fails the ask, as it did. */
function checked<K extends 'ElicitResult' | 'CreateMessageResult' | 'CreateMessageResultWithTools' | 'ListRootsResult'>(method: string, type: K, answer: unknown): SpecTypes[K] {
  const validation = specTypeSchemas[type]['~standard'].validate(answer);
  if (validation instanceof Promise) throw new SdkError(SdkErrorCode.InvalidResult, `Invalid result for ${method}: asynchronous schema`);
  if (validation.issues) {
    const problems = validation.issues.map((issue) => `${issue.message}${issue.path?.length ? ` at ${issue.path.map((p) => (typeof p === 'object' ? p.key : p)).join('.')}` : ''}`).join(', ');
    throw new SdkError(SdkErrorCode.InvalidResult, method === 'sampling/createMessage' ? `Invalid sampling/createMessage result: ${problems}` : `Invalid result for ${method}: ${problems}`);
  }
  return validation.value as SpecTypes[K];
}

function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  return typeof value === 'object' && value !== null && '~standard' in value;
}

/** The old createMessage refused tool results that do not answer the tool uses of the message before them. */
function checkToolMessages(messages: CreateMessageRequestParams['messages']): void {
  type Block = { type: string; id?: unknown; toolUseId?: unknown };
  const blocksOf = (message: CreateMessageRequestParams['messages'][number] | undefined): Block[] =>
    message ? (Array.isArray(message.content) ? message.content : [message.content]) : [];
  const last = blocksOf(messages[messages.length - 1]);
  const previous = blocksOf(messages.length > 1 ? messages[messages.length - 2] : undefined);
  const results = last.filter((block) => block.type === 'tool_result');
  const uses = previous.filter((block) => block.type === 'tool_use');
  if (results.length > 0) {
    if (results.length !== last.length) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'The last message must contain only tool_result content if any is present');
    if (uses.length === 0) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'tool_result blocks are not matching any tool_use from the previous message');
  }
  if (uses.length > 0) {
    const useIds = new Set(uses.map((block) => block.id));
    const resultIds = new Set(results.map((block) => block.toolUseId));
    if (useIds.size !== resultIds.size || ![...useIds].every((id) => resultIds.has(id))) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'ids of tool_result blocks and tool_use blocks from previous message do not match');
    }
  }
}

/** The recorded answer to the round's next ask, if it answered this very question; else end the round. */
function recall(round: Round, kind: string, question: Question): unknown {
  if (round.script) return round.script(question);
  round.reached += 1;
  const key = `${kind}_${round.reached}`;
  const fingerprint = fingerprintOf(question);
  const recorded = round.answers[key];
  if (recorded && recorded.question === fingerprint) return recorded.answer;
  round.missing.push({ key, question, fingerprint });
  throw new InputRequiredSignal(key);
}

function requestOf(question: Question): InputRequest {
  switch (question.method) {
    case 'elicitation/create': {
      const { params } = question;
      return params.mode === 'url' ? inputRequired.elicitUrl({ message: params.message, url: params.url }) : inputRequired.elicit(params);
    }
    case 'sampling/createMessage':
      return inputRequired.createMessage(question.params);
    case 'roots/list':
      return inputRequired.listRoots();
  }
}

/**
 * The call a state belongs to: sha256 of the method, the registered name (when known) and the handler's arguments
 * (the context excluded) in canonical JSON. A retry of the same call has the same digest, any other call another.
 */
function callDigest(method: string, name: string | undefined, args: unknown[]): string {
  const called = name === undefined ? method : `${method}\u0000${name}`;
  return createHash('sha256').update(`${called}\u0000${canonicalJson(args.map((arg) => withoutRoundFields(arg, method)))}`).digest('base64url').slice(0, 22);
}

/** The fields of a request's params that change from round to round: its _meta (a progress token) and MRTR's own. */
const ROUND_FIELDS = new Set(['_meta', 'inputResponses', 'requestState']);

/**
 * A low-level handler's request (`{ method, params }` of the method handled) without its params' round fields; any
 * other argument as it is. Only those top-level keys go: a `_meta` nested in the arguments is data and binds the state.
 */
function withoutRoundFields(arg: unknown, method: string): unknown {
  if (!arg || typeof arg !== 'object' || (arg as { method?: unknown }).method !== method) return arg;
  const { params } = arg as { params?: unknown };
  if (!params || typeof params !== 'object') return arg;
  const kept = Object.entries(params as Record<string, unknown>).filter(([key]) => !ROUND_FIELDS.has(key));
  return { ...(arg as object), params: Object.fromEntries(kept) };
}

/** sha256 of the question in a canonical JSON form (object keys sorted). */
function fingerprintOf(question: Question): string {
  return createHash('sha256').update(canonicalJson(question)).digest('base64url').slice(0, 22);
}

function canonicalJson(value: unknown): string {
  // A URL (a resource's uri) and a Date stand for their text.
  if (value instanceof URL || value instanceof Date) return JSON.stringify(value.toJSON());
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** How long a state stays valid: long enough for a person to answer a form, short enough to bound replays. */
const STATE_TTL_SECONDS = 600;

/** What the secret is read as: the key, and why requests needing a state are refused, if they are. */
interface StateSecret {
  key: string;
  refused?: { message: string; always: boolean };
}

/** A store of used states: `consume` is true the first time an id is given, false ever after (until ttl). */
export interface UsedStates {
  consume(id: string, ttlSeconds: number): Promise<boolean>;
}

let sharedCodec: RequestStateCodec | undefined;

/**
 * This process's requestState codec, the same for every file that asks (one store of used states): pass its
 * `verify` to the server (`new McpServer(info, { requestState: { verify: codec.verify } })`) and the codec itself to
 * `withAsks` and to step functions' `mint`. Multi-round handlers carry their earlier answers in requestState, which the
 * client echoes back: it is encrypted and signed with MCP_REQUEST_STATE_SECRET (at least 32 random bytes, the same on
 * every server instance), expires, and is bound to the request method and the authenticated client. Unset, the server
 * still starts (see requestStateSecretOf). Each state opens once, so a round sent again (replayed, or answered again
 * after its call completed) cannot run an effect twice; several server instances share a store instead of this
 * process's memory: replace `usedStatesInMemory()` below (e.g. Redis `SET key 1 NX EX ttl`).
 */
export function sharedRequestStateCodec(): RequestStateCodec {
  if (sharedCodec) return sharedCodec;
  const secret = requestStateSecretOf(process.env.MCP_REQUEST_STATE_SECRET);
  sharedCodec = encryptedState(
    createRequestStateCodec({
      key: secret.key,
      ttlSeconds: STATE_TTL_SECONDS,
      bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
    }),
    secret,
    usedStatesInMemory(),
  );
  return sharedCodec;
}

/**
 * Seals every payload with AES-256-GCM before the codec signs it, so the client cannot read what the server
 * carries (earlier answers, values it computed). The key is derived from the same secret under its own label,
 * so it differs from the signing key; a state that does not open is refused like a tampered one, and so is one
 * opened before (`used`). A request that needs a state while the secret is unusable is refused here, with the reason.
 */
function encryptedState(codec: RequestStateCodec, secret: StateSecret, used: UsedStates): RequestStateCodec {
  const key = Buffer.from(hkdfSync('sha256', secret.key, '', 'mcp-mrtr requestState encryption', 32));
  return {
    async mint(payload, ctx) {
      // A 2025-era request's states never leave this process (the SDK's shim asks the client itself); a 2026-era
      // one (it carries the envelope) over HTTP may come back to another instance, which needs the same key.
      if (secret.refused !== undefined && (secret.refused.always || (ctx?.http !== undefined && ctx.mcpReq.envelope !== undefined))) {
        throw new Error(secret.refused.message);
      }
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = [iv, cipher.update(JSON.stringify(payload), 'utf8'), cipher.final(), cipher.getAuthTag()];
      return codec.mint(Buffer.concat(sealed).toString('base64url'), ctx);
    },
    async verify(state, ctx) {
      const sealed = Buffer.from(String(await codec.verify(state, ctx)), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(-16));
      const payload = JSON.parse(Buffer.concat([decipher.update(sealed.subarray(12, -16)), decipher.final()]).toString('utf8'));
      // The IV, random for each state and authenticated by the tag, is the state's id.
      if (!(await used.consume(sealed.subarray(0, 12).toString('base64url'), STATE_TTL_SECONDS))) throw new Error('requestState was already used: each state opens once');
      return payload;
    },
  };
}

/**
 * The states this process has opened, each kept until it expires: consume() is true the first time. One process
 * only: servers that run several instances share a store instead (e.g. Redis `SET key 1 NX EX ttl`).
 */
export function usedStatesInMemory(): UsedStates {
  const expiries = new Map<string, number>();
  return {
    async consume(id, ttlSeconds) {
      const now = Date.now();
      // Ids come in expiry order (one TTL for all), so the expired ones are the oldest: drop them first.
      for (const [old, expiry] of expiries) {
        if (expiry > now) break;
        expiries.delete(old);
      }
      if (expiries.has(id)) return false;
      expiries.set(id, now + ttlSeconds * 1000);
      return true;
    },
  };
}

/**
 * The requestState secret, read once at startup, never fatal there: unset, a random key of this process serves
 * stdio (one process per client) and 2025-era sessions, and a 2026-era request over HTTP that needs a state is
 * refused; too short, guessable or a placeholder, every request that needs a state is refused. One warning on stderr.
 */
function requestStateSecretOf(value: string | undefined): StateSecret {
  const fix = 'set it to random bytes (e.g. `openssl rand -base64 32`), the same on every server instance';
  let refused: { message: string; always: boolean };
  if (value === undefined || value === '') {
    refused = {
      message: `MCP_REQUEST_STATE_SECRET is not set: 2026-era multi-round requests over HTTP are refused until you ${fix}; over stdio and in 2025-era sessions a random key of this process serves`,
      always: false,
    };
  } else if (new TextEncoder().encode(value).length < 32) {
    refused = {
      message: `MCP_REQUEST_STATE_SECRET is shorter than 32 bytes: multi-round requests are refused until you ${fix}`,
      always: true,
    };
  } else if (entropyBits(value) < 80 || /^([\s\S]+)\1+$/.test(value)) {
    // A secret anyone could guess: a word repeated, or little variety (repeated characters).
    refused = {
      message: `MCP_REQUEST_STATE_SECRET is too easy to guess (repeated characters or a repeated word): multi-round requests are refused until you ${fix}`,
      always: true,
    };
  } else if (value.replace(/placeholder|production|development|changeme|password|example|replace|default|staging|sample|secret|change|please|before|random|string|server|dummy|token|value|state|super|here|your|this|test|demo|todo|fake|real|with|long|prod|key|mcp|dev|for|the|and|xxx|me|my|it|to|a|[^a-z0-9]/gi, '').length < 16) {
    // Words and separators with little else (`your-secret-here-change-me`): a placeholder left in place.
    refused = {
      message: `MCP_REQUEST_STATE_SECRET is a placeholder (words such as "secret" or "change-me"): multi-round requests are refused until you ${fix}`,
      always: true,
    };
  } else {
    return { key: value };
  }
  console.error(refused.message);
  return { key: randomBytes(32).toString('base64'), refused };
}

/** Bits of entropy estimated from character frequencies: low for repeated characters and little variety. */
function entropyBits(text: string): number {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / chars.length);
  return bits;
}
