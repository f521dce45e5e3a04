// The v1 handler context (`RequestHandlerExtra`) members and their v2 `ServerContext` spelling: the source of truth of
// mapContextMembers.ts. test/v1-to-v2-repairs.test.ts compiles every `to` against the installed v2 ServerContext.
// `requestInfo` is left out on purpose: v2's `http.req` is a fetch `Request`, not v1's `{ headers }` record, so a
// mechanical rename would type-check and read the wrong shape.

export interface ContextMember {
  /** The v1 member, read as `extra.<from>`. */
  from: string;
  /** Its v2 path after the parameter (`.mcpReq.send`, `.http?.authInfo`). */
  to: string;
}

export const CONTEXT_MEMBERS: readonly ContextMember[] = [
  { from: 'signal', to: '.mcpReq.signal' },
  { from: 'requestId', to: '.mcpReq.id' },
  { from: '_meta', to: '.mcpReq._meta' },
  { from: 'sendRequest', to: '.mcpReq.send' },
  { from: 'sendNotification', to: '.mcpReq.notify' },
  { from: 'authInfo', to: '.http?.authInfo' },
  { from: 'closeSSEStream', to: '.http?.closeSSE' },
  { from: 'closeStandaloneSSEStream', to: '.http?.closeStandaloneSSE' },
];

/** v1 members with no v2 `ServerContext` spelling: a use of one is a review item. */
export const UNMAPPED_CONTEXT_MEMBERS: readonly string[] = ['requestInfo', 'taskStore', 'taskId', 'taskRequestedTtl'];
