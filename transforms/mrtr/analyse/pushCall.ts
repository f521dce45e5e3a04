import type { Node } from 'ts-morph';
import type { SdkMajor, SiteKind } from '../../../lib/model.js';

/** A push-style request found in source, before classification. */
export interface PushCall {
  node: Node;
  kind: SiteKind;
  form: string;
  sdk: SdkMajor;
  /**
   * Set when the form alone decides the review reason (indirect use, unreadable method, removed notification, a
   * framework's own API, a receiver the analysis cannot prove).
   */
  reason?: 'indirect-call' | 'dynamic-request' | 'roots-list-changed' | 'framework-api' | 'unproven-receiver';
  /** Appended to the reason's message (which framework, and what to do). */
  detail?: string;
  /**
   * The method was kept in a local and is called with its receiver first (`const ask = server.elicitInput; ...
   * ask.call(server, params)`): the request's own arguments start at the second, and only replay rewrites it.
   */
  receiverArgument?: true;
  /**
   * The call of a project function's parameter that every caller binds to the same server's method
   * (`elicitEcho(server.server.elicitInput.bind(server.server), extra)`, then `await elicitInput(params)` in it): that
   * server's ask, which only replay rewrites.
   */
  boundParameter?: true;
  /**
   * The call of the context's request function destructured from a handler's context (`async (args, { mcpReq: { send:
   * sendRequest } }) => sendRequest(request, schema)`): that context's `ctx.mcpReq.send`, which only replay rewrites.
   */
  destructuredSender?: true;
}
