import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { build } from './server.js';

// One process per client: the server is built once for the connection.
serveStdio(() => build());
