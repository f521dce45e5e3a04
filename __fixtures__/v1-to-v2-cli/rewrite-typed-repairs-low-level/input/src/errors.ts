import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

// The protocol's code for an upstream HTTP status.
export function codeOf(status: number): ErrorCode {
  if (status === 400 || status === 404) return ErrorCode.InvalidParams;
  return ErrorCode.InternalError;
}

export function upstreamError(status: number, message: string): McpError {
  return new McpError(codeOf(status), `${message} (HTTP ${status})`);
}
