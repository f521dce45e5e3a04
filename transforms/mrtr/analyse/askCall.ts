import { Node } from '../../../lib/tsMorph.cjs';
import { PUSH_KINDS, pushMethodNamed, RESULT_SCHEMA_KINDS, type Builder } from '../pushMethods.js';
import type { PushCall } from './pushCall.js';
import { constValue, simpleName, stringValue, unwrap } from './symbols.js';

// What an ask call asks, as every planner reads it: its request params, its options, and the SDK builder
// (`inputRequired.elicit`, ...) that asks the same in the explicit form.

export type { Builder } from '../pushMethods.js';

/** A request with `params.task`: the client answers with a task to poll (the experimental tasks of SDK 1.x). */
export function isTaskAugmented(call: PushCall, method: string): boolean {
  const literal = paramsOf(call, method);
  const value = literal ? constValue(literal) : undefined;
  return !!value && Node.isObjectLiteralExpression(value) && !!value.getProperty('task');
}

export function builderOf(call: PushCall, method: string): Builder | undefined {
  const row = pushMethodNamed(method);
  // `send(request, CustomSchema)` expects another result shape (e.g. a task result): not the plain answer.
  const schema = isSender(method) ? requestArguments(call)[1] : undefined;
  if (schema && !((simpleName(unwrap(schema)) ?? '') in RESULT_SCHEMA_KINDS)) return undefined;
  // Task-augmented requests (`task: { ttl }`) answer with a task, not the result: no explicit form.
  if (isTaskAugmented(call, method)) return undefined;
  if (call.kind !== 'elicitation') return PUSH_KINDS[call.kind].builder;
  // An elicitation's builder depends on its mode, read from the params of a form the v2 SDK has (not a notifier).
  if (row && !row.notifier && row.sdks.includes('v2')) {
    const params = paramsOf(call, method);
    const literal = params ? constValue(params) : undefined;
    if (literal && Node.isObjectLiteralExpression(literal)) {
      const mode = literal.getProperty('mode');
      const value = mode && Node.isPropertyAssignment(mode) ? stringValue(mode.getInitializer()) : undefined;
      if (value === 'url') return 'elicitUrl';
      if (value !== undefined && value !== 'form') return undefined;
      return 'elicit';
    }
    return undefined;
  }
  return undefined;
}

/** The request params: the first argument of elicitInput/createMessage, `params` of a request object. */
export function paramsOf(call: PushCall, method: string): Node | undefined {
  if (!Node.isCallExpression(call.node)) return undefined;
  const first = requestArguments(call)[0];
  if (isSender(method)) {
    const request = first ? constValue(first) : undefined;
    if (!request || !Node.isObjectLiteralExpression(request)) return undefined;
    const params = request.getProperty('params');
    return params && Node.isPropertyAssignment(params) ? params.getInitializer() : undefined;
  }
  return call.kind === 'roots' ? undefined : first;
}

/** The request options of an ask (`elicitInput(params, { timeout })`, `send(request, Schema, options)`), if any. */
export function optionsArgumentOf(call: PushCall): Node | undefined {
  const method = call.form.split('.').pop() ?? '';
  return requestArguments(call)[isSender(method) ? 2 : 1];
}

/** The arguments the request itself takes: after the receiver of `ask.call(server, params)`. */
export function requestArguments(call: PushCall): Node[] {
  if (!Node.isCallExpression(call.node)) return [];
  return call.node.getArguments().slice(call.receiverArgument ? 1 : 0);
}

/** A generic sender (`request`, `sendRequest`, `send`): it takes a request object, then a result schema. */
function isSender(method: string): boolean {
  const row = pushMethodNamed(method);
  return !!row && !row.kind;
}
