import type { McpServer } from '@modelcontextprotocol/server';
import { approve } from './review.js';

export async function dispatch(server: McpServer, action: 'restart' | 'drain', target: string): Promise<string> {
  return action === 'restart' ? restart(server, target) : drain(server, target);
}

async function restart(server: McpServer, target: string): Promise<string> {
  return (await approve(server, `restart ${target}`)) ? `Restarted ${target}.` : `Did not restart ${target}.`;
}

async function drain(server: McpServer, target: string): Promise<string> {
  return (await approve(server, `drain all traffic from ${target}`)) ? `Drained ${target}.` : `Did not drain ${target}.`;
}
