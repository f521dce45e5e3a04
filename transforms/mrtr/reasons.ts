import type { ReasonInfo } from '../../lib/transform.js';

// The reason catalogue: the source of truth for every reason id this transform reports.
// The README's reason table is checked against this list by test/readme.test.ts.

export const REASONS = {
  'no-strategy-yet': {
    message: 'push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet',
    advice:
      'Leave it for the migration step of a later release, or migrate by hand: read the answer with inputResponse(ctx.mcpReq.inputResponses, key) and return inputRequired({ inputRequests: { key: inputRequired.elicit(...) } }) when it is missing.',
  },
  'task-augmented': {
    message:
      'a task-augmented request (`params.task`): the client answers with a task to poll, not with the result; the experimental tasks feature was removed in the v2 SDK (SEP-2663) and MRTR has no form for it',
    advice:
      'Drop `task` from the params and read the result from the answer (the client answers within the MRTR round), then run the tool again; or keep the long-running work on your side and ask with a plain elicitation or sampling request.',
  },
  'ask-in-helper': {
    message:
      'the ask is in a helper the handler calls, not in the handler itself; the explicit rewrite covers asks written in the handler',
    advice:
      'Run again with `--strategy auto` (explicit where it applies, replay for the rest) or `--strategy replay`: the ask keeps its place in the helper, and the generated runtime module answers it across rounds. Or move the ask into the handler (pass the answer to the helper) and keep the explicit form.',
  },
  'several-asks': {
    message:
      'the handler asks more than once in a shape the step-function rewrite does not cover yet (an ask inside a branch, loop or nested block, several asks in one statement, or one of them in a helper)',
    advice:
      'Write each ask as its own statement at the top level of the handler body (`const answer = await ctx.mcpReq.elicitInput(...)`), in the order they are asked, then run the tool again; or migrate by hand with a step function whose state (earlier answers and live locals) travels in a requestState sealed with createRequestStateCodec.',
  },
  'unserializable-state': {
    message:
      'a local that must travel in requestState between rounds does not survive JSON (a Map, Set, class instance, function, bigint, or a value whose type cannot be read)',
    advice:
      'Turn the named local into plain data before the ask (an array for a Set, an ISO string for a Date that is reassigned, a plain object for a class instance), or recompute it after the ask; when only its type cannot be read, annotate it (`const name: string = ...`). Then run the tool again.',
  },
  'state-codec-unwired': {
    message:
      "the handler needs requestState between rounds, but the server's construction (`new McpServer(...)`) is not in the handler's file, is not a plain `const server = new McpServer(info[, { ... }])`, or already configures requestState",
    advice:
      'Construct the server in the file that registers the handler (`const server = new McpServer(info, options)`), or add the codec by hand: `const requestStateCodec = createRequestStateCodec({ key: process.env.MCP_REQUEST_STATE_SECRET, ttlSeconds: 600, bind: (ctx) => ctx.mcpReq.method })` and `new McpServer(info, { requestState: { verify: requestStateCodec.verify } })`, then run the tool again.',
  },
  'guarded-ask': {
    message:
      'the ask sits in a .catch, Promise.race/all, a loop, a nested try, or after a capability read the rewrite cannot follow; the explicit form cannot keep that behaviour yet',
    advice:
      'Remove the timeout race (an MRTR server does not wait for the answer), write the fallback as a try/catch around the ask at the top of the handler or as an `if (!server.server.getClientCapabilities()?.elicitation)` check before it, then run the tool again.',
  },
  'ask-not-statement': {
    message:
      'the ask is not a statement of its own at the top of the handler body (nested in an expression or branch, or without a usable context parameter)',
    advice:
      'Write it as `const answer = await ctx.mcpReq.elicitInput(...)` directly in the handler body and run the tool again, or migrate by hand.',
  },
  'repeated-effects': {
    message:
      "the ask's parameters (or code before it that the rewrite cannot move into a step) may have effects, which would run again when a retry lacks the answer",
    advice:
      'Compute the parameters into locals before the ask (the step function then runs that code once and carries the values in requestState), or make the code safe to repeat, then run the tool again.',
  },
  'unknown-schema': {
    message: "the ask's requestedSchema cannot be read, so its validation of accepted answers cannot be kept",
    advice:
      'Declare the requestedSchema as an object literal or a const in the same file (JSON Schema, or a zod schema), then run the tool again.',
  },
  'url-error-shape': {
    message:
      "this UrlElicitationRequiredError is not in the shape that becomes one inputRequired.elicitUrl ask (thrown where it is built, with one { mode: 'url', message, url } written in place, its elicitationId computed without effects)",
    advice:
      "Throw one elicitation per tool call, written in place as `throw new UrlElicitationRequiredError([{ mode: 'url', message, url }])`, then run the tool again; or migrate by hand: return inputRequired({ inputRequests: { key: inputRequired.elicitUrl({ message, url }) } }) while the user has not finished, one key per URL.",
  },
  'url-error-in-try': {
    message:
      'the UrlElicitationRequiredError is thrown inside a try block of its handler: a catch or finally there saw the old error, but would not see a returned input_required',
    advice:
      'Move the throw out of the try block (check the condition before it), then run the tool again; or migrate by hand, deciding what the catch block should do now that nothing is thrown.',
  },
  'url-error-not-tool': {
    message:
      'the UrlElicitationRequiredError is thrown outside a registered tool (a prompt, a resource or a low-level request handler): there a declined URL elicitation cannot end with the same result as before',
    advice:
      'Migrate by hand: return inputRequired({ inputRequests: { key: inputRequired.elicitUrl({ message, url }) } }) while the user has not finished, and decide which error a declined or cancelled answer should give (-32042 no longer exists in 2026-07-28).',
  },
  'completion-notifier': {
    message:
      'completion notifier: notifications/elicitation/complete no longer exists in 2026-07-28, and the URL ask it belongs to is not rewritten here (or the notifier is not written in that handler)',
    advice:
      'Migrate the URL ask first (inputRequired.elicitUrl); then replace the notifier with a function that does nothing: a 2026 client answers the URL elicitation itself and needs no completion notification.',
  },
  'other-request': {
    message: 'push-style request while handling a request that cannot answer input_required',
    advice:
      'Only tools/call, prompts/get and resources/read may return input_required. Move the ask into one of those (e.g. a tool the client calls), or drop it and use data the request already carries.',
  },
  'notification-handler': {
    message: 'push-style request inside a notification handler',
    advice:
      'A notification has no response to carry input_required. Record that input is needed and ask from the next tools/call, prompts/get or resources/read instead.',
  },
  'roots-list-changed': {
    message: 'roots list_changed handler: the notification no longer exists in 2026-07-28',
    advice:
      'Remove the handler. Ask for roots with inputRequired.listRoots() from the tool, prompt or resource that needs them, on every request that needs them (clients re-send roots per request).',
  },
  oninitialized: {
    message:
      'push-style request in oninitialized: 2026-era clients have no initialize round and no server->client channel',
    advice:
      'Fetch the data lazily: ask for it (inputRequired.listRoots() / elicit / createMessage) from the handler that needs it, per request; do not cache it across clients.',
  },
  'event-listener': {
    message: 'push-style request inside an event listener, outside any request',
    advice:
      'There is no request to answer with input_required. Move the ask into the tool, prompt or resource that needs the answer.',
  },
  timer: {
    message: 'push-style request from a timer, outside any request',
    advice:
      'Background asks are gone in 2026-07-28. Ask from a tool, prompt or resource call instead, or drop the background step.',
  },
  startup: {
    message: 'push-style request at startup or module top level, outside any request',
    advice:
      'There is no client request at startup. Ask from the first tool, prompt or resource call that needs the answer.',
  },
  'dead-code': {
    message: 'push-style request in a function no analysed code calls',
    advice:
      'Delete the helper if it is unused; if it is called from outside the analysed files (a public API, another package), run the audit over those callers too.',
  },
  'unresolved-caller': {
    message: 'the function holding this request is passed around as a value the audit cannot follow to a handler',
    advice:
      'Check by hand which handlers call it. Calling it directly from the handlers (or from a plain object map of functions) lets the audit follow it.',
  },
  'mixed-callers': {
    message: 'reached both from MRTR-capable handlers and from contexts that cannot answer input_required',
    advice:
      "Run again with `--strategy auto` or `replay` to migrate the helper for its tool, prompt and resource callers (each other caller is then reported as caller-outside-request; where replay cannot take the helper, the site gets replay's own reason instead); or split the helper by hand: the other callers (listed in the chains) need the ask moved into a tool, prompt or resource.",
  },
  'caller-outside-request': {
    message:
      'this call reaches a helper whose ask was migrated with the replay strategy, from code that cannot answer input_required: a 2025-era session is still asked through the one connected server of the process, as before; a 2026-era session cannot be asked here, and the ask throws ("reached outside a handler wrapped with withAsks")',
    advice:
      'Only tools/call, prompts/get and resources/read can ask the client since 2026-07-28. Stop calling the helper from here (ask from the tool, prompt or resource that needs the answer), or call a variant of it that does not ask.',
  },
  'signal-guard-unsupported': {
    message:
      'a catch clause, rejection handler or Promise combinator between the handler and the ask cannot be made to let the input-required signal through (a destructured error, a rejection handler not declared in the project, Promise.any)',
    advice:
      'Bind the caught error to a name, pass a function declared in the project to .catch/.then (or write it in place), replace Promise.any with Promise.all or a loop; then run the tool again. Replay needs every catch on the path to rethrow isInputRequiredSignal(error).',
  },
  'replay-effect-not-journalable': {
    message:
      'an effect runs before an ask on a replayed path, and its result cannot be journaled (a class instance with behaviour, a stream, a function, a handle, a promise awaited later, or in a function that is not async): replayed, it would run again on every round',
    advice:
      'Make the effect return plain data (`const quote = toPlain(await quotes.open(order))` inside a helper that returns an interface of strings, numbers and arrays), or move it after the last ask (it then runs once); then run the tool again. Or keep the code and make the effect safe to repeat (idempotent) by hand.',
  },
  'replay-journal-unbounded': {
    message:
      'an effect before an ask runs in a loop with no bound the analysis can see, or returns a value that may be large (an array of records) in a project not served over stdio only: its journal in requestState could exceed the 16 KB budget',
    advice:
      'Bound the loop (`for (let attempt = 1; attempt <= 3; attempt++)`), journal a small summary instead of the whole result (an id, a count, a status), or move the effect after the last ask; then run the tool again.',
  },
  'replay-finally-effect': {
    message:
      'a finally block around the ask releases what a statement before the ask made (a temporary directory, a handle), and replay cannot make it anew on each round: the block only hands the value to a function (it may only read it), or a journaled step or a call on the way to the ask uses it. The input-required signal that ends a round passes through the block, so later rounds would get the record of what the first round released',
    advice:
      'Move the cleanup, or the work that uses the value, after the last ask (into the branches that finish the request), or make the step give plain data that outlives the round (read the bytes of the file, not its path); then run the tool again.',
  },
  'handler-ask-not-replayed': {
    message:
      'another ask of the same handler is not migrated (its own review item says why), and a handler is replayed whole: all of its asks or none',
    advice:
      'Resolve the other ask first (the detail names it; its own reason says what to do), then run the tool again: this one is replayed with it.',
  },
  'callback-not-followed': {
    message:
      'the function holding the ask is passed as a value to code whose calls of it the planner cannot follow (a library function, forEach, a parameter passed on or stored, mapped promises not awaited together)',
    advice:
      'Call the helper directly from the handler, from a higher-order function declared in the project that calls its parameter directly (or hands it to the `run` of an `AsyncLocalStorage`), or map it inside Promise.all / Promise.allSettled; then run the tool again.',
  },
  'ask-not-awaited': {
    message:
      'a call on the way from the handler to the ask is not awaited (`void confirm()`, a call left as a statement, a promise stored or passed on), or is awaited off the path behind a catch the planner cannot guard: the ask could run after the handler has answered, where no round carries it, or its input-required signal would be lost',
    advice:
      'Await the call (or return its promise) so that the ask runs while the handler answers; work that goes on in the background cannot ask the client since 2026-07-28: ask before it starts and pass it the answer.',
  },
  'indirect-call': {
    message: 'indirect use of a push-style method (.call, .bind, or the method stored in a variable)',
    advice:
      'Call the method directly on the server or handler context so the call can be followed and migrated, then run the audit again.',
  },
  'dynamic-request': {
    message: 'request/send with a result schema of a push-style request but a method the audit cannot read',
    advice:
      "Write the method as a string literal ('elicitation/create', 'sampling/createMessage' or 'roots/list') so the call can be classified.",
  },
  'framework-api': {
    message:
      'push-style request made through a framework (its own API, or the SDK server its handler context carries): the framework owns the handler, so this tool cannot rewrite it',
    advice:
      "Upgrade the framework (named in the message) to a release with MRTR support and use its MRTR form, or move this tool onto the SDK's MRTR API: return inputRequired({ inputRequests }) and read the answers with inputResponse(ctx.mcpReq.inputResponses, key).",
  },
  'unproven-receiver': {
    message:
      "a call with the SDK's shape (push method and arguments, a cast to any, or a literal push-style method) on a receiver the audit cannot prove to be the SDK's server or handler context",
    advice:
      "If it is the SDK's server or context, type the receiver (`server: McpServer`, `extra: RequestHandlerExtra`) or pass it down from the handler so the audit can follow it and the migration rewrite it; otherwise silence it with @mcp-mrtr-ignore.",
  },
  'rewrite-failed': {
    message:
      'the planned rewrite of this site could not be applied: its file is reported as an error or skipped, and was left unchanged',
    advice:
      "Read the file's problem in the report (the files list). A file that is skipped (outside the target, not UTF-8) can be migrated from its own folder or after converting it; an error is a bug of this tool: migrate the site by hand and report the shape.",
  },
  'legacy-era-branch': {
    message:
      "runs only for 2025-era traffic (a branch on the request context's era === 'legacy'), where push-style requests still work",
    advice:
      'Nothing to migrate here: the code already serves 2026-era clients in its other branch. Check that branch asks with inputRequired; delete this one when you drop 2025-era clients.',
    level: 'note',
  },
  ignored: {
    message: 'silenced with @mcp-mrtr-ignore',
    advice: 'Remove the @mcp-mrtr-ignore comment to have this site audited and migrated again.',
    // A silenced site is a suppressed finding: a note in SARIF.
    level: 'note',
  },
} as const satisfies Record<string, ReasonInfo>;

export type ReasonId = keyof typeof REASONS;
