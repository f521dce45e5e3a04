// A JSON-RPC client of the build daemon (not MCP): it has a `roots/list` method of its own. The file imports no MCP
// code, so its `request` is nobody's push-style request.
interface RpcClient {
  request(message: { method: string; params?: Record<string, unknown> }): Promise<{ roots: string[] }>;
}

declare const rpc: RpcClient;

export async function syncWorkspace(): Promise<string> {
  const { roots } = await rpc.request({ method: 'roots/list', params: {} });
  return `synced ${roots.length} roots`;
}
