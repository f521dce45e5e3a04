import type { DomainHandler, DomainName } from '../types.js';
import { clockHandler } from './clock.js';
import { filesHandler } from './files.js';

export const DOMAINS: DomainName[] = ['files', 'clock'];

export function domainHandler(domain: DomainName): DomainHandler {
  let handler: DomainHandler;
  switch (domain) {
    case 'files':
      handler = filesHandler;
      break;
    case 'clock':
      handler = clockHandler;
      break;
    default:
      throw new Error(`Unknown domain ${String(domain)}`);
  }
  return handler;
}
