import { server } from './server.js';
import './tools.js';

export function build() {
  return server;
}
