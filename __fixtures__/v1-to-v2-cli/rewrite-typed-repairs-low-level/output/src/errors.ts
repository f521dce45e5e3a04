import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

// The protocol's code for an upstream HTTP status.
export function codeOf(status: number): ProtocolErrorCode {
  if (status === 400 || status === 404) return ProtocolErrorCode.InvalidParams;
  return ProtocolErrorCode.InternalError;
}

export function upstreamError(status: number, message: string): ProtocolError {
  return new ProtocolError(codeOf(status), `${message} (HTTP ${status})`);
}
