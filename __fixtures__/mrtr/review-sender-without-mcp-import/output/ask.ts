// The project's own view of a tool's extra: this module imports nothing of MCP.
export interface ExtraLike {
  sendRequest?: (request: { method: string; params: Record<string, unknown> }, schema: unknown) => Promise<unknown>;
}

const ANY = { parse: (value: unknown) => value };

export async function askToPay(extra: ExtraLike, url: string): Promise<unknown> {
  const request = {
    method: 'elicitation/create',
    params: { mode: 'url', message: 'Pay to continue', elicitationId: 'pay-1', url },
  };
  /* @mcp-mrtr-review unproven-receiver: a call with the SDK's shape (push method and arguments, a cast to any, or a literal push-style method) on a receiver the audit cannot prove to be the SDK's server or handler context */
  return extra.sendRequest ? await extra.sendRequest(request, ANY) : undefined;
}

// Another JSON-RPC peer's roots: not MCP's unless the file imports MCP code.
export async function peerRoots(rpc: { request(body: { method: string }): Promise<unknown> }): Promise<unknown> {
  return rpc.request({ method: 'roots/list' });
}
