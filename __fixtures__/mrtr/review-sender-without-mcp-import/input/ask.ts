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
  return extra.sendRequest ? await extra.sendRequest(request, ANY) : undefined;
}

// Another JSON-RPC peer's roots: not MCP's unless the file imports MCP code.
export async function peerRoots(rpc: { request(body: { method: string }): Promise<unknown> }): Promise<unknown> {
  return rpc.request({ method: 'roots/list' });
}
