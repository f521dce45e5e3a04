import type { DomainHandler } from '../types.js';

export const clockHandler: DomainHandler = {
  tools: () => [{ name: 'clock_zone', description: 'The server time zone', inputSchema: { type: 'object', properties: {} } }],
  handleCall: async () => ({ content: [{ type: 'text', text: 'UTC' }] }),
};
