import type { McpServer } from '@modelcontextprotocol/server';
import { registerPay } from './tools/pay.js';
export { requestStateCodec } from './tools/pay.js';

export function initialize(server: McpServer): void {
  registerPay(server);
}
