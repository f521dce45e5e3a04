import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { build } from './server.js';

// Served over stdio only: every round of a request comes back to this process.
serveStdio(() => build());
