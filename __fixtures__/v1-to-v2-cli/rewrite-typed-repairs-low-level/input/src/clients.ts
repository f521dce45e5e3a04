import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

/** The client a raw HTTP body says it is: a field some clients add to `initialize`, read where v1's types allowed it. */
export function clientLabelOf(body: unknown): string {
  if (!isInitializeRequest(body)) return 'not an initialize request';
  return `${body.params.clientInfo.name} (${String(body.params.clientLabel ?? 'no label')})`;
}
